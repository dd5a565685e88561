//! The table app (API.md "The table app"): the phone web app of `app/`, served by the binary
//! itself. `GET /` is its page, `/app/…` its script, style and icon, `/sw.js` its service worker
//! (at the root, so that it may serve every page of the app), `/manifest.webmanifest` what a
//! phone needs to keep it on its home screen, and `/favicon.ico` the icon browsers ask for.
//!
//! The files are `app/public/`, built into the binary by rust-embed (a debug build reads them
//! from the folder, so the app can change without a rebuild). The app is a client of the public
//! API like any other: nothing here answers it anything but its files.

use actix_web::http::header::{self, EntityTag, IfNoneMatch};
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use rust_embed::Embed;

use crate::error::Error;

/// The app's files, as `app/public/` holds them.
#[derive(Embed)]
#[folder = "../../app/public/"]
struct Files;

/// What the app's pages may do: their own script, style, images, manifest and service worker,
/// and calls to this origin. No inline script, no inline style, nothing from another site, no
/// frame around them.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; manifest-src 'self'; \
     worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The routes of the app's files (outside `/v1`, undocumented: they are files, not API).
pub fn routes(config: &mut web::ServiceConfig) {
    config
        .route(
            "/",
            web::get().to(|request: HttpRequest| async move { file(&request, "index.html") }),
        )
        .route(
            "/sw.js",
            web::get().to(|request: HttpRequest| async move { file(&request, "sw.js") }),
        )
        .route(
            "/manifest.webmanifest",
            web::get()
                .to(|request: HttpRequest| async move { file(&request, "manifest.webmanifest") }),
        )
        .route(
            "/favicon.ico",
            web::get().to(|request: HttpRequest| async move { file(&request, "icon.svg") }),
        )
        .route(
            "/app/{name}",
            web::get().to(|request: HttpRequest, name: web::Path<String>| async move {
                file(&request, &name)
            }),
        );
}

/// One of the app's files, with its type and an ETag (the hash of its bytes), so that a phone
/// asks again each time (`no-cache`) and is answered 304 when nothing changed; 404 for a name
/// the app does not have.
fn file(request: &HttpRequest, name: &str) -> Result<HttpResponse, Error> {
    let found = Files::get(name).ok_or(Error::not_found("file"))?;
    let tag = EntityTag::new_strong(
        found
            .metadata
            .sha256_hash()
            .iter()
            .take(12)
            .map(|b| format!("{b:02x}"))
            .collect(),
    );
    let unchanged = match request.get_header::<IfNoneMatch>() {
        Some(IfNoneMatch::Any) => true,
        Some(IfNoneMatch::Items(tags)) => tags.iter().any(|t| t.weak_eq(&tag)),
        None => false,
    };
    let mut answer = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    answer
        .insert_header(header::ETag(tag))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"));
    if name.ends_with(".html") {
        answer.insert_header((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY));
    }
    if name == "sw.js" {
        answer.insert_header(("Service-Worker-Allowed", "/"));
    }
    if unchanged {
        return Ok(answer.finish());
    }
    answer.insert_header((header::CONTENT_TYPE, media_type(name)));
    Ok(answer.body(found.data.into_owned()))
}

/// The media type of one of the app's files, by its ending (the app has few kinds of file).
fn media_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("webmanifest") => "application/manifest+json",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_the_app_has_its_type() {
        for name in Files::iter() {
            assert_ne!(media_type(&name), "application/octet-stream", "{name}");
        }
    }

    #[test]
    fn the_page_and_what_it_names_are_there() {
        for name in [
            "index.html",
            "app.js",
            "style.css",
            "sw.js",
            "manifest.webmanifest",
            "icon.svg",
        ] {
            assert!(Files::get(name).is_some(), "{name}");
        }
    }
}
