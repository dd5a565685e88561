//! The words of the pages and exports people read, in their language: one Fluent catalogue per
//! language under `locales/` (`locales/en/pad.ftl`, `locales/es/pad.ftl`), built into the binary
//! by `fluent-templates`, so that a third language is one more file. The language is chosen by
//! `?lang=` first, then `Accept-Language`, else English (`Language::chosen`).
//!
//! The API's own messages (problem+json) stay English: they are read by the people who write the
//! apps, and their texts are part of the contract.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_langneg::{NegotiationStrategy, negotiate_languages};
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};

fluent_templates::static_loader! {
    static CATALOGUE = {
        locales: "../../locales",
        fallback_language: "en",
        // No Unicode isolation marks around a name put in a sentence: they would end up in the
        // CSV and in copied text. Names are never right-to-left markup here (they are escaped,
        // and `values::names` refuses bidi controls).
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Language(&'static LanguageIdentifier);

impl Default for Language {
    fn default() -> Language {
        Language::chosen(None, None)
    }
}

impl Language {
    /// The language of the catalogue that best fits `asked` (a `?lang=` tag, first) and then
    /// the `Accept-Language` header; English when none fits.
    pub fn chosen(asked: Option<&str>, accept_language: Option<&str>) -> Language {
        let mut wanted: Vec<LanguageIdentifier> = Vec::new();
        if let Some(tag) = asked.and_then(|tag| tag.parse().ok()) {
            wanted.push(tag);
        }
        if let Some(header) = accept_language {
            wanted.extend(fluent_langneg::accepted_languages::parse(header));
        }
        let available: Vec<&'static LanguageIdentifier> = CATALOGUE.locales().collect();
        let english = available
            .iter()
            .copied()
            .find(|id| id.language.as_str() == "en")
            .expect("the catalogue has English");
        let chosen = negotiate_languages(
            &wanted,
            &available,
            Some(&english),
            NegotiationStrategy::Lookup,
        );
        Language(chosen.first().copied().copied().unwrap_or(english))
    }

    /// Every language of the catalogue.
    pub fn all() -> Vec<Language> {
        CATALOGUE.locales().map(Language).collect()
    }

    /// The language's tag, as `<html lang>` and `Content-Language` give it (`es`).
    pub fn tag(self) -> String {
        self.0.to_string()
    }

    /// A message without arguments.
    pub fn say(self, id: &str) -> String {
        in_the_catalogue(id, CATALOGUE.try_lookup(self.0, id))
    }

    /// A message with its arguments.
    pub fn say_with(self, id: &str, args: &[(&'static str, Arg)]) -> String {
        let args: HashMap<Cow<'static, str>, FluentValue> = args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    Arg::Text(text) => FluentValue::from(text.clone()),
                    Arg::Number(n) => FluentValue::from(*n),
                };
                (Cow::Borrowed(*name), value)
            })
            .collect();
        in_the_catalogue(id, CATALOGUE.try_lookup_with_args(self.0, id, &args))
    }
}

/// A message as the catalogue has it. Every id a page names is checked against the catalogue
/// as the page is made: an id it lacks stops a debug build (every page is made in the tests, in
/// every language), and in a release build is logged and shown as it is.
fn in_the_catalogue(id: &str, found: Option<String>) -> String {
    found.unwrap_or_else(|| {
        debug_assert!(false, "the catalogue has no message {id}");
        tracing::error!(id, "a message the catalogue does not have");
        id.to_string()
    })
}

/// An argument of a message.
#[derive(Debug, Clone)]
pub enum Arg {
    Text(String),
    Number(i64),
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Number(n)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(i64::from(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message ids of a catalogue file.
    fn ids(text: &str) -> Vec<&str> {
        let mut ids: Vec<&str> = text
            .lines()
            .filter(|line| line.starts_with(|c: char| c.is_ascii_lowercase()))
            .filter_map(|line| line.split_once(" =").map(|(id, _)| id))
            .collect();
        ids.sort_unstable();
        ids
    }

    #[test]
    fn every_language_has_every_message() {
        let english = ids(include_str!("../../../../locales/en/pad.ftl"));
        let spanish = ids(include_str!("../../../../locales/es/pad.ftl"));
        assert!(english.len() > 50);
        assert_eq!(english, spanish);
        for language in Language::all() {
            for id in &english {
                let text = language.say_with(
                    id,
                    &[
                        ("title", "t".into()),
                        ("count", 2i64.into()),
                        ("names", "n".into()),
                        ("phase", 3i64.into()),
                        ("number", 4i64.into()),
                        ("name", "Ann".into()),
                        ("phases", "1 2".into()),
                        ("last", 5i64.into()),
                        ("total", 6i64.into()),
                        ("kept", "7 7 W".into()),
                        ("dice", "six".into()),
                        ("value", "74%".into()),
                        ("before", "50%".into()),
                        ("after", "100%".into()),
                        ("luck", "+50%".into()),
                        ("points", "12.5".into()),
                    ],
                );
                assert!(!text.contains('\u{2068}'), "{id}: no isolation marks");
            }
        }
    }

    #[test]
    fn the_language_is_the_asked_one_then_the_header_then_english() {
        let tag = |asked, header| Language::chosen(asked, header).tag();
        assert_eq!(tag(None, None), "en");
        assert_eq!(tag(None, Some("es-MX,es;q=0.9,en;q=0.5")), "es");
        assert_eq!(tag(Some("en"), Some("es")), "en");
        assert_eq!(tag(Some("es"), None), "es");
        assert_eq!(tag(Some("fr"), Some("de, es;q=0.2")), "es");
        assert_eq!(tag(Some("fr"), Some("de")), "en");
        assert_eq!(tag(Some("not a tag!"), None), "en");
        let spanish = Language::chosen(Some("es"), None);
        assert_eq!(spanish.say("col-phase"), "Fase");
        assert_eq!(
            spanish.say_with(
                "winners",
                &[("count", 1i64.into()), ("names", "Lucía".into())]
            ),
            "Ganador: Lucía"
        );
    }
}
