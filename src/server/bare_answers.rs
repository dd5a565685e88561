//! The few answers actix-http's HTTP/1.1 dispatcher gives by itself, before any request reaches
//! the app: 400 for a request it cannot parse, 408 for a head that arrives too slowly, 431 for
//! a head too large to parse, 500 for a connection in a state it cannot go on from. They are
//! fixed in actix-http, with no hook to change them, and bodiless. `Connection` wraps each
//! accepted socket and rewrites exactly those answers into problem+json as they are written.
//!
//! What makes them safe to recognise: the dispatcher writes one after everything else the
//! connection will ever send (it stops reading and closes after it), so it is the end of what is
//! being written; and its head is fixed: the status line, `content-length: 0`, perhaps
//! `connection: close`, `date`, and nothing else. No answer of the app has such a head: every one
//! carries `x-request-id` and `x-content-type-options`, which these do not.

use actix_web::ResponseError;

use crate::error::Error;

/// The statuses the dispatcher answers by itself, with the reason phrases it writes.
const BARE: [(&str, u16); 4] = [
    ("400 Bad Request", 400),
    ("408 Request Timeout", 408),
    ("431 Request Header Fields Too Large", 431),
    ("500 Internal Server Error", 500),
];

/// What each of them means, in the client's words.
fn error_for(status: u16) -> Error {
    match status {
        400 => Error::Malformed("the request is not valid HTTP/1.1: it cannot be read".into()),
        408 => Error::RequestTimeout,
        431 => Error::HeadTooLarge,
        _ => Error::bug("the connection could not go on"),
    }
}

/// `written` with a bare answer at its end rewritten, or `None` if it does not end with one.
pub fn rewrite(written: &[u8]) -> Option<Vec<u8>> {
    // Most writes end with a body: a look at their last bytes is all they cost.
    if !written.ends_with(b"\r\n\r\n") {
        return None;
    }
    let start = written
        .windows(7)
        .rposition(|window| window == b"HTTP/1.")?;
    let head = std::str::from_utf8(&written[start..]).ok()?;
    let mut lines = head.strip_suffix("\r\n\r\n")?.split("\r\n");
    let status_line = lines.next()?;
    let version = status_line.get(..8)?;
    let (_, status) = BARE
        .iter()
        .find(|(reason, _)| status_line.get(9..) == Some(*reason))?;
    let (mut empty, mut date) = (false, None);
    for line in lines {
        match line {
            "content-length: 0" => empty = true,
            "connection: close" => {}
            _ if line.starts_with("date: ") => date = Some(line),
            _ => return None,
        }
    }
    if !empty {
        return None;
    }
    let mut answer = written[..start].to_vec();
    answer.extend_from_slice(&closing_answer(version, &error_for(*status), date));
    Some(answer)
}

/// A whole answer the server writes by itself on a connection it then closes: `error` as
/// problem+json (with `Retry-After` if it passes), and the `date` line if one is given.
pub fn closing_answer(version: &str, error: &Error, date: Option<&str>) -> Vec<u8> {
    let status = error.status_code();
    let body = serde_json::to_string(&error.problem()).unwrap_or_default();
    let mut head = format!(
        "{version} {} {}\r\ncontent-type: application/problem+json\r\ncontent-length: {}\r\n\
         connection: close\r\nx-content-type-options: nosniff\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or("Error"),
        body.len()
    );
    if let Some(seconds) = error.retry_after() {
        head.push_str(&format!("retry-after: {seconds}\r\n"));
    }
    if let Some(date) = date {
        head.push_str(date);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    head.push_str(&body);
    head.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    const DATE: &str = "date: Mon, 23 Nov 2026 12:20:10 GMT";

    fn split(answer: &[u8]) -> (String, serde_json::Value) {
        let text = String::from_utf8(answer.to_vec()).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        (head.to_string(), serde_json::from_str(body).unwrap())
    }

    #[test]
    fn each_bare_answer_becomes_a_problem() {
        for (line, status, code) in [
            ("400 Bad Request", 400, "malformed_request"),
            ("408 Request Timeout", 408, "request_timeout"),
            (
                "431 Request Header Fields Too Large",
                431,
                "headers_too_large",
            ),
        ] {
            let bare = format!(
                "HTTP/1.1 {line}\r\ncontent-length: 0\r\nconnection: close\r\n{DATE}\r\n\r\n"
            );
            let (head, problem) = split(&rewrite(bare.as_bytes()).unwrap());
            assert!(head.starts_with(&format!("HTTP/1.1 {line}\r\n")), "{head}");
            assert!(head.contains("content-type: application/problem+json"));
            assert!(head.contains("x-content-type-options: nosniff"));
            assert!(head.contains(DATE));
            assert_eq!(problem["status"], status);
            assert_eq!(problem["code"], code);
        }
    }

    #[test]
    fn an_answer_before_the_bare_one_is_kept_as_it_is() {
        let ok = "HTTP/1.1 200 OK\r\ncontent-length: 15\r\n\r\n{\"status\":\"ok\"}";
        let bare = format!("{ok}HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n{DATE}\r\n\r\n");
        let rewritten = rewrite(bare.as_bytes()).unwrap();
        assert!(rewritten.starts_with(ok.as_bytes()));
        let (_, problem) = split(&rewritten[ok.len()..]);
        assert_eq!(problem["status"], 400);
    }

    #[test]
    fn the_apps_own_answers_are_left_alone() {
        for written in [
            "HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n".to_string(),
            format!("HTTP/1.1 400 Bad Request\r\ncontent-length: 12\r\n{DATE}\r\n\r\n"),
            "HTTP/1.1 400 Bad Request\r\ncontent-type: application/problem+json\r\ncontent-length: 0\r\n\r\n"
                .to_string(),
            format!("HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n{DATE}\r\n\r\nx"),
            "{\"name\": \"HTTP/1.1 400 Bad Request\"}".to_string(),
            String::new(),
        ] {
            assert_eq!(rewrite(written.as_bytes()), None, "{written:?}");
        }
    }
}
