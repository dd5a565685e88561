//! The table app (API.md "The table app"): served at `/` by the binary, with its script, style,
//! icon, manifest and service worker beside it; its page under a Content-Security-Policy that
//! allows no inline script and nothing from another site; each file answered 304 when a phone
//! already holds it; the API's paths unchanged.

use crate::helpers::{Backend, spawn_app};

fn the_app_is_served_at_the_root_with_its_files(backend: Backend) {
    let app = spawn_app(backend);
    let page = app.get("/").expect(200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let policy = page.header("content-security-policy").expect("a CSP");
    for rule in [
        "script-src 'self'",
        "style-src 'self'",
        "default-src 'none'",
        "frame-ancestors 'none'",
    ] {
        assert!(policy.contains(rule), "{policy}");
    }
    assert!(
        !policy.contains("unsafe-inline") && !policy.contains("http"),
        "{policy}"
    );
    for named in [
        "/app/app.js",
        "/app/style.css",
        "/manifest.webmanifest",
        "/app/icon.svg",
    ] {
        assert!(page.text.contains(named), "the page names {named}");
    }
    assert!(!page.text.contains("<script>"), "no inline script");

    for (path, kind) in [
        ("/app/app.js", "text/javascript; charset=utf-8"),
        ("/app/style.css", "text/css; charset=utf-8"),
        ("/sw.js", "text/javascript; charset=utf-8"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/favicon.ico", "image/svg+xml"),
    ] {
        let file = app.get(path).expect(200);
        assert_eq!(file.header("content-type"), Some(kind), "{path}");
        assert_eq!(file.header("cache-control"), Some("no-cache"), "{path}");
        assert!(!file.text.is_empty(), "{path}");
    }
    assert_eq!(
        app.get("/sw.js").header("service-worker-allowed"),
        Some("/")
    );
    let manifest = app.get("/manifest.webmanifest").json();
    assert_eq!(manifest["start_url"], "/");

    // The API keeps its paths.
    app.get("/v1/phases").expect(200);
    app.get("/openapi.json").expect(200);
}

fn a_file_the_phone_holds_is_answered_304(backend: Backend) {
    let app = spawn_app(backend);
    let first = app.get("/app/app.js").expect(200);
    let tag = first.header("etag").expect("an ETag").to_string();
    let again = app
        .get_with("/app/app.js", &[("If-None-Match", &tag)])
        .expect(304);
    assert!(again.text.is_empty());
    assert_eq!(again.header("etag"), Some(tag.as_str()));
    app.get_with("/app/app.js", &[("If-None-Match", "\"other\"")])
        .expect(200);
}

fn a_file_the_app_does_not_have_is_a_404_problem(backend: Backend) {
    let app = spawn_app(backend);
    app.get("/app/nothing.js").expect_problem(404, "not_found");
    app.get("/app/..%2Fcargo.toml")
        .expect_problem(404, "not_found");
}

crate::on_both_backends!(
    the_app_is_served_at_the_root_with_its_files,
    a_file_the_phone_holds_is_answered_304,
    a_file_the_app_does_not_have_is_a_404_problem,
);
