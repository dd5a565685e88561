//! A TCP proxy in front of PostgreSQL that a test can cut and restore, to play a database outage
//! without stopping the shared server.

use std::io;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

pub struct Proxy {
    pub port: u16,
    shared: Arc<Shared>,
}

struct Shared {
    up: AtomicBool,
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
            open: Mutex::new(Vec::new()),
        });
        let accepting = Arc::clone(&shared);
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                if !accepting.up.load(Ordering::SeqCst) {
                    continue; // dropped: the connection closes at once
                }
                let Ok(server) = TcpStream::connect(postgres_address()) else {
                    continue;
                };
                let (Ok(client_copy), Ok(server_copy)) = (client.try_clone(), server.try_clone())
                else {
                    continue;
                };
                if let Ok(mut open) = accepting.open.lock() {
                    open.extend(client.try_clone().ok());
                    open.extend(server.try_clone().ok());
                }
                pipe(client, server_copy);
                pipe(server, client_copy);
            }
        });
        Proxy { port, shared }
    }

    /// The database goes away: open connections drop, new ones are refused.
    pub fn cut(&self) {
        self.shared.up.store(false, Ordering::SeqCst);
        if let Ok(mut open) = self.shared.open.lock() {
            for stream in open.drain(..) {
                let _ = stream.shutdown(Shutdown::Both);
            }
        }
    }

    /// The database is back.
    pub fn restore(&self) {
        self.shared.up.store(true, Ordering::SeqCst);
    }
}

fn pipe(mut from: TcpStream, mut to: TcpStream) {
    std::thread::spawn(move || {
        let _ = io::copy(&mut from, &mut to);
        let _ = to.shutdown(Shutdown::Both);
    });
}
