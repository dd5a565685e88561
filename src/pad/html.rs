//! The pad as a page for people: the `<table>` laid out like the paper pad (`pad_table`), a
//! standalone page around any body (`page`), and the Content-Security-Policy that page needs
//! (`content_security_policy`). Every piece of user text (a player's name) goes through
//! `escape`. The page has no script of its own, its style is the one `<style>` element whose
//! hash the policy names, and it prints on one sheet (A4 or Letter) for up to eight players.
//!
//! Another page (the live pad) can put `pad_table` in a body of its own, with a script from
//! `script_src` that the policy lets run, and inline SVG; an SVG drawn there styles itself with
//! presentation attributes or the classes of `STYLE`, since style attributes are not allowed.

use std::fmt::Write;
use std::sync::LazyLock;

use sha2::{Digest, Sha256};

use super::rows::{Cells, Pad, PadGame, RowKind, WINNER};
use crate::service::scoresheet::Scoresheet;

/// The page's style sheet, inlined in its `<style>` element.
pub const STYLE: &str = include_str!("style.css");

/// `'sha256-…'`: the CSP source that allows exactly `STYLE`, computed once.
static STYLE_SOURCE: LazyLock<String> =
    LazyLock::new(|| format!("'sha256-{}'", base64(&Sha256::digest(STYLE.as_bytes()))));

/// The Content-Security-Policy of a pad page: nothing but its own style, images from the
/// service, and, when a page has a script, `script_src` (a CSP source list such as `'self'`)
/// with connections back to the service (for a live page's event stream).
pub fn content_security_policy(script_src: Option<&str>) -> String {
    let mut policy = format!(
        "default-src 'none'; style-src {}; img-src 'self' data:; base-uri 'none'; \
         form-action 'none'; frame-ancestors 'none'",
        *STYLE_SOURCE
    );
    if let Some(source) = script_src {
        let _ = write!(policy, "; script-src {source}; connect-src 'self'");
    }
    policy
}

/// A whole page: `title` (plain text, escaped here), `body_html` (already HTML) and, if given,
/// a deferred script from the URL `script_src`.
pub fn page(title: &str, body_html: &str, script_src: Option<&str>) -> String {
    let script = script_src
        .map(|src| format!("<script src=\"{}\" defer></script>\n", escape(src)))
        .unwrap_or_default();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n{script}</head>\n<body>\n{body_html}\n\
         </body>\n</html>\n",
        escape(title)
    )
}

/// The printable page of a game's pad.
pub fn pad_page(sheet: &Scoresheet) -> String {
    let pad = Pad::of(sheet);
    page(pad.game.title(), &table(&pad), None)
}

/// The `<table>` of a game's pad, for a page of one's own.
pub fn pad_table(sheet: &Scoresheet) -> String {
    table(&Pad::of(sheet))
}

/// Text as HTML shows it, in an element or an attribute.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            other => escaped.push(other),
        }
    }
    escaped
}

/// The caption: the pad's title, where the game stands and who won.
fn caption(pad: &Pad) -> String {
    let mut caption = escape(pad.game.title());
    if let Some(status) = pad.status {
        let _ = write!(caption, " — {status}");
    }
    let winners = pad.winner_names();
    if !winners.is_empty() {
        let names: Vec<String> = winners.iter().map(|n| escape(n)).collect();
        let word = if winners.len() == 1 {
            "winner"
        } else {
            "winners"
        };
        let _ = write!(caption, "; {word}: {}", names.join(", "));
    }
    caption
}

/// The table of a pad.
pub fn table(pad: &Pad) -> String {
    let columns = pad.game.columns_per_player();
    let span = columns.len().max(1);
    // A long card game prints smaller, so that its pad still fits one sheet (`style.css`).
    let class = match pad.game {
        PadGame::Dice => "dice",
        PadGame::Cards => match pad.rows.len() {
            ..=24 => "cards",
            25..=36 => "cards long",
            37..=52 => "cards longer",
            _ => "cards longest",
        },
    };
    let mut html = format!(
        "<table class=\"pad {class}\">\n<caption>{}</caption>\n<thead>\n<tr><th scope=\"col\">Player</th>",
        caption(pad)
    );
    for (name, won) in pad.players.iter().zip(&pad.winners) {
        let colspan = if span > 1 {
            format!(" colspan=\"{span}\"")
        } else {
            String::new()
        };
        let scope = if span > 1 { "colgroup" } else { "col" };
        if *won {
            let _ = write!(
                html,
                "<th scope=\"{scope}\"{colspan} class=\"won\">{} <span aria-hidden=\"true\">★</span>\
                 <span class=\"visually-hidden\">({})</span></th>",
                escape(name),
                WINNER.to_lowercase()
            );
        } else {
            let _ = write!(html, "<th scope=\"{scope}\"{colspan}>{}</th>", escape(name));
        }
    }
    html.push_str("</tr>\n");
    if !columns.is_empty() {
        html.push_str("<tr><td></td>");
        for _ in &pad.players {
            for column in columns {
                let _ = write!(html, "<th scope=\"col\">{column}</th>");
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</thead>\n<tbody>\n");
    for row in &pad.rows {
        let kind = match row.kind {
            RowKind::Score => "score",
            RowKind::Extra => "extra",
            RowKind::Total => "total",
            RowKind::Winner => "winner",
        };
        let _ = write!(
            html,
            "<tr class=\"{kind}\"><th scope=\"row\">{}</th>",
            escape(&row.label)
        );
        match &row.cells {
            Cells::PerColumn(cells) => {
                for cell in cells {
                    let _ = write!(html, "<td>{}</td>", escape(cell));
                }
            }
            Cells::PerPlayer(cells) => {
                for cell in cells {
                    if span > 1 {
                        let _ = write!(html, "<td colspan=\"{span}\">{}</td>", escape(cell));
                    } else {
                        let _ = write!(html, "<td>{}</td>", escape(cell));
                    }
                }
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table>");
    html
}

/// Standard base64 with padding (RFC 4648 §4), as CSP hashes are written.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn user_text_cannot_make_markup() {
        assert_eq!(
            escape("<script>alert(1)</script> & \"x\" 'y'"),
            "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot; &#39;y&#39;"
        );
    }

    #[test]
    fn the_policy_allows_the_style_by_its_hash_and_a_script_only_when_given() {
        let policy = content_security_policy(None);
        let hash = base64(&Sha256::digest(STYLE.as_bytes()));
        assert!(policy.contains(&format!("style-src 'sha256-{hash}'")));
        assert!(policy.starts_with("default-src 'none';"));
        assert!(!policy.contains("script-src"));
        let live = content_security_policy(Some("'self'"));
        assert!(live.contains("script-src 'self'; connect-src 'self'"));
        let page = page("A <pad>", "<p>x</p>", Some("/pad/live.js?a=1&b=2"));
        assert!(page.contains(&format!("<style>{STYLE}</style>")));
        assert!(page.contains("<title>A &lt;pad&gt;</title>"));
        assert!(page.contains("<script src=\"/pad/live.js?a=1&amp;b=2\" defer></script>"));
    }
}
