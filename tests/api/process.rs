//! The server binary run as an operating-system process of its own, as in production: a second
//! process on the same database, its log as it writes it, how it stops on a signal.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct ServerProcess {
    child: Child,
    pub base: String,
    log: std::path::PathBuf,
}

impl ServerProcess {
    /// Starts the binary on `database_url` with these flags (one worker), and waits until it
    /// is ready.
    #[track_caller]
    pub fn start(database_url: &str, flags: &[&str]) -> ServerProcess {
        let log = std::env::temp_dir().join(format!("phase10-{}.log", uuid::Uuid::new_v4()));
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(env!("CARGO_BIN_EXE_phase10"))
            .args(["--database-url", database_url])
            .args(["--bind", &format!("127.0.0.1:{port}")])
            .args(["--workers", "1"])
            .args(flags)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("a log file"))
            .spawn()
            .expect("the server binary starts");
        let base = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(30);
        while ureq::get(&format!("{base}/readyz")).call().is_err() {
            assert!(Instant::now() < deadline, "the server process is ready");
            std::thread::sleep(Duration::from_millis(50));
        }
        ServerProcess { child, base, log }
    }

    /// What it has written to its standard error so far.
    pub fn log(&self) -> String {
        let mut text = String::new();
        std::fs::File::open(&self.log)
            .and_then(|mut f| f.read_to_string(&mut text))
            .expect("the log");
        text
    }

    /// Sends it SIGTERM, as a process manager stopping it would.
    #[track_caller]
    pub fn terminate(&self) {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
    }

    /// Waits at most `within` for it to exit; how long it took, if it did.
    pub fn exited_within(&mut self, within: Duration) -> Option<Duration> {
        let since = Instant::now();
        while since.elapsed() < within {
            if self.child.try_wait().expect("the process").is_some() {
                return Some(since.elapsed());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}
