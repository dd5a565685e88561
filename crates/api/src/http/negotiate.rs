//! Content negotiation (RFC 9110 §12.5.1): which of the media types a resource can give the
//! `Accept` header prefers. Each type offered gets the weight (`q`) of the most specific range
//! that matches it (`text/csv` before `text/*` before `*/*`); the highest weight above 0 wins,
//! and of equal weights the one offered first. No `Accept`, or an empty one, takes the first.
//! Also the one media type the service speaks that `mime` has no constant for.

use std::sync::LazyLock;

use actix_web::http::header::{Quality, QualityItem};
use actix_web::mime::{self, Mime};

/// `application/problem+json` (RFC 9457): every error's answer.
pub static PROBLEM_JSON: LazyLock<Mime> = LazyLock::new(|| {
    "application/problem+json"
        .parse()
        .expect("application/problem+json is a media type")
});

/// The media type of `offered` (the service's preference first) that `accept` prefers, or
/// `None` when it accepts none of them.
pub fn choose<'a>(accept: Option<&str>, offered: &'a [Mime]) -> Option<&'a Mime> {
    let ranges: Vec<QualityItem<Mime>> = match accept.map(str::trim) {
        None | Some("") => return offered.first(),
        // A range that cannot be read is left out, as if not sent, rather than the whole header.
        Some(accept) => accept
            .split(',')
            .filter_map(|range| range.trim().parse().ok())
            .collect(),
    };
    let mut best: Option<(&Mime, Quality)> = None;
    for media_type in offered {
        let quality = weight(media_type, &ranges);
        if quality > Quality::ZERO && best.is_none_or(|(_, q)| quality > q) {
            best = Some((media_type, quality));
        }
    }
    best.map(|(media_type, _)| media_type)
}

/// The weight of the most specific range matching `media_type`, or 0 when none does.
fn weight(media_type: &Mime, ranges: &[QualityItem<Mime>]) -> Quality {
    let specificity = |range: &Mime| {
        let kind = range.type_() == media_type.type_();
        if kind && range.subtype() == media_type.subtype() {
            Some(3)
        } else if kind && range.subtype() == mime::STAR {
            Some(2)
        } else if range.type_() == mime::STAR && range.subtype() == mime::STAR {
            Some(1)
        } else {
            None
        }
    };
    ranges
        .iter()
        .filter_map(|range| specificity(&range.item).map(|s| (s, range.quality)))
        .max_by_key(|(s, _)| *s)
        .map_or(Quality::ZERO, |(_, q)| q)
}

#[cfg(test)]
mod tests {
    use super::*;

    static PAD: [Mime; 3] = [mime::APPLICATION_JSON, mime::TEXT_CSV, mime::TEXT_HTML];

    /// The type `accept` chooses of the pad's.
    fn chosen(accept: Option<&str>) -> Option<&'static str> {
        choose(accept, &PAD).map(Mime::essence_str)
    }

    #[test]
    fn no_accept_or_any_type_is_the_first_offered() {
        assert_eq!(chosen(None), Some("application/json"));
        assert_eq!(chosen(Some(" ")), Some("application/json"));
        assert_eq!(chosen(Some("*/*")), Some("application/json"));
    }

    #[test]
    fn the_most_specific_range_gives_a_type_its_weight() {
        assert_eq!(chosen(Some("text/csv")), Some("text/csv"));
        assert_eq!(chosen(Some("TEXT/HTML; charset=utf-8")), Some("text/html"));
        assert_eq!(chosen(Some("text/*")), Some("text/csv"));
        assert_eq!(chosen(Some("text/*;q=0.5, text/html")), Some("text/html"));
        assert_eq!(chosen(Some("text/*, text/csv;q=0")), Some("text/html"));
        assert_eq!(chosen(Some("*/*;q=0.1, text/csv;q=0.9")), Some("text/csv"));
        // A browser's.
        let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
        assert_eq!(chosen(Some(browser)), Some("text/html"));
    }

    #[test]
    fn a_type_refused_or_not_offered_is_not_given() {
        assert_eq!(chosen(Some("image/png")), None);
        assert_eq!(chosen(Some("*/*;q=0")), None);
        assert_eq!(chosen(Some("text/csv;q=2")), None);
        assert_eq!(chosen(Some("application/json;q=0.0001")), None);
        assert_eq!(chosen(Some("nonsense")), None);
    }
}
