//! The language of a page or an export people read (`pad::words`): `?lang=` if given, then
//! `Accept-Language`, else English. A `lang` that is not a language tag is refused (400); one
//! the catalogue lacks falls back as `Accept-Language` does. The API's own messages stay English.

use std::future::{Ready, ready};

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::Error;
use crate::pad::words::Language;

/// `?lang=`: the language of a page or an export.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LanguageQuery {
    /// The language of the page or export (`en` or `es`); before `Accept-Language`, which is
    /// used without it. Another language falls back to English. Messages of errors
    /// (problem+json) are English whatever this says.
    #[param(pattern = "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$", max_length = 35)]
    pub lang: Option<String>,
}

/// Whether `tag` is written as a language tag (BCP 47's shape: `es`, `es-MX`, `zh-Hant-TW`).
fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let first = parts.next().unwrap_or_default();
    tag.len() <= 35
        && (2..=3).contains(&first.len())
        && first.chars().all(|c| c.is_ascii_alphabetic())
        && parts.all(|p| (1..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// The language chosen for a request's page or export.
#[derive(Debug, Clone, Copy)]
pub struct PageLanguage(pub Language);

impl PageLanguage {
    /// The language a request asks for, or why its `lang` cannot be read.
    pub fn of(req: &HttpRequest) -> Result<PageLanguage, Error> {
        #[derive(Deserialize)]
        struct Lang {
            lang: Option<String>,
        }
        // Other parameters are their handler's; only `lang` given twice cannot be read here.
        let asked = web::Query::<Lang>::from_query(req.query_string())
            .map_err(|_| Error::Malformed("lang may be given once, as a language tag".into()))?
            .into_inner()
            .lang;
        if let Some(tag) = &asked
            && !is_language_tag(tag)
        {
            return Err(Error::Malformed(format!(
                "lang is a language tag such as en or es, not \"{}\"",
                tag.chars().take(40).collect::<String>()
            )));
        }
        let header = req
            .headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok());
        Ok(PageLanguage(Language::chosen(asked.as_deref(), header)))
    }

    /// The `Content-Language` of the answer.
    pub fn tag(&self) -> String {
        self.0.tag()
    }
}

impl FromRequest for PageLanguage {
    type Error = Error;
    type Future = Ready<Result<PageLanguage, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(PageLanguage::of(req))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_tag_has_the_shape_of_one() {
        for tag in ["en", "es", "es-MX", "zh-Hant-TW", "ast"] {
            assert!(is_language_tag(tag), "{tag}");
        }
        for tag in ["", "e", "english", "es_MX", "es-", "<b>", "es-toolongpart"] {
            assert!(!is_language_tag(tag), "{tag}");
        }
    }
}
