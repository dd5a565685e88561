//! A TCP proxy in front of PostgreSQL that a test can cut and restore, to play a database outage
//! without stopping the shared server.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

pub struct Proxy {
    pub port: u16,
    shared: Arc<Shared>,
}

struct Shared {
    up: AtomicBool,
    /// Bytes are held, not forwarded: a database that stopped answering.
    frozen: AtomicBool,
    open: Mutex<Vec<TcpStream>>,
}

fn postgres_address() -> String {
    std::env::var("TEST_POSTGRES_ADDR").unwrap_or_else(|_| "127.0.0.1:5432".into())
}

impl Proxy {
    pub fn to_postgres() -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let port = listener.local_addr().expect("an address").port();
        let shared = Arc::new(Shared {
            up: AtomicBool::new(true),
            frozen: AtomicBool::new(false),
            open: Mutex::new(Vec::new()),
        });
        let accepting = Arc::clone(&shared);
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let Ok(server) = TcpStream::connect(postgres_address()) else {
                    continue;
                };
                let (Ok(client_copy), Ok(server_copy)) = (client.try_clone(), server.try_clone())
                else {
                    continue;
                };
                // Checked and registered under the lock `cut` takes, so that a connection
                // accepted while the database is being cut is either cut with the others or
                // never opened.
                {
                    let Ok(mut open) = accepting.open.lock() else {
                        continue;
                    };
                    if !accepting.up.load(Ordering::SeqCst) {
                        continue; // dropped: the connection closes at once
                    }
                    open.extend(client.try_clone().ok());
                    open.extend(server.try_clone().ok());
                }
                pipe(client, server_copy, Arc::clone(&accepting));
                pipe(server, client_copy, Arc::clone(&accepting));
            }
        });
        Proxy { port, shared }
    }

    /// The database goes away: open connections drop, new ones are refused.
    pub fn cut(&self) {
        let mut open = self.shared.open.lock().expect("the proxy's connections");
        self.shared.up.store(false, Ordering::SeqCst);
        for stream in open.drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    /// The database is back.
    pub fn restore(&self) {
        self.shared.up.store(true, Ordering::SeqCst);
    }

    /// The database stops answering, its connections left open.
    pub fn freeze(&self) {
        self.shared.frozen.store(true, Ordering::SeqCst);
    }

    /// The database answers again, everything held delivered.
    pub fn thaw(&self) {
        self.shared.frozen.store(false, Ordering::SeqCst);
    }
}

fn pipe(mut from: TcpStream, mut to: TcpStream, shared: Arc<Shared>) {
    std::thread::spawn(move || {
        let mut buffer = [0u8; 16 * 1024];
        while let Ok(read) = from.read(&mut buffer) {
            if read == 0 {
                break;
            }
            while shared.frozen.load(Ordering::SeqCst) {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            if to.write_all(&buffer[..read]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Both);
    });
}
