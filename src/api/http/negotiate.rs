//! Content negotiation (RFC 9110 §12.5.1): which of the media types a resource can give the
//! `Accept` header prefers. Each type offered gets the weight (`q`) of the most specific range
//! that matches it (`text/csv` before `text/*` before `*/*`); the highest weight above 0 wins,
//! and of equal weights the one offered first. No `Accept`, or an empty one, takes the first.

/// The media type of `offered` (the service's preference first) that `accept` prefers, or
/// `None` when it accepts none of them.
pub fn choose<'a>(accept: Option<&str>, offered: &[&'a str]) -> Option<&'a str> {
    let ranges: Vec<(String, u16)> = match accept.map(str::trim) {
        None | Some("") => return offered.first().copied(),
        Some(accept) => accept.split(',').filter_map(range).collect(),
    };
    let mut best: Option<(&str, u16)> = None;
    for media_type in offered {
        let quality = weight(media_type, &ranges);
        if quality > 0 && best.is_none_or(|(_, q)| quality > q) {
            best = Some((media_type, quality));
        }
    }
    best.map(|(media_type, _)| media_type)
}

/// One media range, lowercased without its parameters, and its weight in thousandths; `None`
/// for one that cannot be read (it is left out, as if not sent).
fn range(text: &str) -> Option<(String, u16)> {
    let mut parts = text.split(';');
    let media_range = parts.next()?.trim().to_ascii_lowercase();
    let (kind, sub) = media_range.split_once('/')?;
    if kind.is_empty() || sub.is_empty() || (kind == "*" && sub != "*") {
        return None;
    }
    let mut quality = 1000;
    for parameter in parts {
        if let Some((name, value)) = parameter.split_once('=')
            && name.trim().eq_ignore_ascii_case("q")
        {
            quality = thousandths(value.trim())?;
        }
    }
    Some((media_range, quality))
}

/// A weight (`0`, `0.5`, `1.000`) in thousandths.
fn thousandths(value: &str) -> Option<u16> {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = format!("{fraction:0<3}");
    match whole {
        "0" => digits.parse().ok(),
        "1" if digits == "000" => Some(1000),
        _ => None,
    }
}

/// The weight of the most specific range matching `media_type`, or 0 when none does.
fn weight(media_type: &str, ranges: &[(String, u16)]) -> u16 {
    let kind = media_type.split('/').next().unwrap_or_default();
    let specificity = |range: &str| {
        if range == media_type {
            Some(3)
        } else if range.strip_suffix("/*") == Some(kind) {
            Some(2)
        } else if range == "*/*" {
            Some(1)
        } else {
            None
        }
    };
    ranges
        .iter()
        .filter_map(|(range, q)| specificity(range).map(|s| (s, *q)))
        .max_by_key(|(s, _)| *s)
        .map_or(0, |(_, q)| q)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAD: [&str; 3] = ["application/json", "text/csv", "text/html"];

    #[test]
    fn no_accept_or_any_type_is_the_first_offered() {
        assert_eq!(choose(None, &PAD), Some("application/json"));
        assert_eq!(choose(Some(" "), &PAD), Some("application/json"));
        assert_eq!(choose(Some("*/*"), &PAD), Some("application/json"));
    }

    #[test]
    fn the_most_specific_range_gives_a_type_its_weight() {
        assert_eq!(choose(Some("text/csv"), &PAD), Some("text/csv"));
        assert_eq!(
            choose(Some("TEXT/HTML; charset=utf-8"), &PAD),
            Some("text/html")
        );
        assert_eq!(choose(Some("text/*"), &PAD), Some("text/csv"));
        assert_eq!(
            choose(Some("text/*;q=0.5, text/html"), &PAD),
            Some("text/html")
        );
        assert_eq!(
            choose(Some("text/*, text/csv;q=0"), &PAD),
            Some("text/html")
        );
        assert_eq!(
            choose(Some("*/*;q=0.1, text/csv;q=0.9"), &PAD),
            Some("text/csv")
        );
        // A browser's.
        let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
        assert_eq!(choose(Some(browser), &PAD), Some("text/html"));
    }

    #[test]
    fn a_type_refused_or_not_offered_is_not_given() {
        assert_eq!(choose(Some("image/png"), &PAD), None);
        assert_eq!(choose(Some("*/*;q=0"), &PAD), None);
        assert_eq!(choose(Some("text/csv;q=2"), &PAD), None);
        assert_eq!(choose(Some("application/json;q=0.0001"), &PAD), None);
        assert_eq!(choose(Some("nonsense"), &PAD), None);
    }
}
