//! The pad as a page for people: the pad's view (`pad_view`: its title, the standings, the grid
//! laid out like the paper pad in a box of its own, the notes), a standalone page around any body
//! in the reader's language (`page`), and the Content-Security-Policy that page needs
//! (`content_security_policy`). Every piece of user text (a player's name) goes through
//! `escape`. The page has no script of its own, its style is the one `<style>` element whose
//! hash the policy names, and it prints on one sheet (A4 or Letter) for up to eight players.
//! No word is broken inside itself at any width: a grid wider than the screen scrolls sideways
//! in its own box (`style.css`).
//!
//! Another page (the live pad) can put `pad_fragment` in a body of its own, with a script from
//! `script_src` that the policy lets run, and inline SVG; an SVG drawn there styles itself with
//! presentation attributes or the classes of `STYLE`, since style attributes are not allowed.

use std::fmt::Write;
use std::sync::LazyLock;

use sha2::{Digest, Sha256};

use super::rows::{Cells, Pad, PadGame, RowKind};
use super::words::Language;
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

/// A whole page in a language: `title` (plain text, escaped here), `body_html` (already HTML)
/// and, if given, a deferred script from the URL `script_src`.
pub fn page(language: Language, title: &str, body_html: &str, script_src: Option<&str>) -> String {
    let script = script_src
        .map(|src| format!("<script src=\"{}\" defer></script>\n", escape(src)))
        .unwrap_or_default();
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n{script}</head>\n<body>\n{body_html}\n\
         </body>\n</html>\n",
        escape(&language.tag()),
        escape(title)
    )
}

/// The printable page of a game's pad.
pub fn pad_page(sheet: &Scoresheet, language: Language) -> String {
    let pad = Pad::of(sheet, language);
    page(language, &pad.title, &pad_view(&pad), None)
}

/// A game's pad as the live page shows it and redraws it: the same as the printable page's.
pub fn pad_fragment(sheet: &Scoresheet, language: Language) -> String {
    pad_view(&Pad::of(sheet, language))
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

/// A pad: its title and what it says of the game, the standings, then the grid in a box of
/// its own that scrolls sideways when it is wider than the screen, and what its marks mean.
pub fn pad_view(pad: &Pad) -> String {
    let mut html = format!(
        "<section class=\"pad-view\">\n<h1>{}</h1>\n",
        escape(&pad.title)
    );
    if !pad.about.is_empty() {
        let about: Vec<String> = pad.about.iter().map(|line| escape(line)).collect();
        let _ = writeln!(html, "<p class=\"about\">{}</p>", about.join(" · "));
    }
    html.push_str(&standings(pad));
    let grid = match pad.game {
        PadGame::Dice => "grid-dice",
        PadGame::Cards => "grid-cards",
    };
    let _ = write!(
        html,
        "<div class=\"grid-box\" role=\"region\" tabindex=\"0\" aria-label=\"{}\">\n{}\n</div>\n",
        escape(&pad.say(grid)),
        table(pad)
    );
    for note in &pad.notes {
        let _ = writeln!(html, "<p class=\"note\">{}</p>", escape(note));
    }
    html.push_str("</section>");
    html
}

/// The standings a table looks at: each player's phase, total and whether it is their turn or
/// deal, the winners marked; none on a blank pad.
fn standings(pad: &Pad) -> String {
    if pad.standings.is_empty() {
        return String::new();
    }
    let mut html = format!(
        "<div class=\"standings-box\">\n<table class=\"standings\">\n<caption>{}</caption>\n\
         <thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th>\
         <th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
        escape(&pad.say("standings")),
        escape(&pad.say("col-player")),
        escape(&pad.say("col-phase")),
        escape(&pad.say("col-total")),
        escape(&pad.say("col-now")),
    );
    for player in &pad.standings {
        let (class, mark) = match player.won {
            true => (" class=\"won\"", star(pad)),
            false => ("", String::new()),
        };
        let now_class = match player.now.is_empty() {
            true => "",
            false => " class=\"now\"",
        };
        let _ = writeln!(
            html,
            "<tr{class}><th scope=\"row\">{}{mark}</th><td>{}</td><td data-label=\"{}\">{}</td>\
             <td{now_class}>{}</td></tr>",
            escape(&player.name),
            escape(&player.phase),
            escape(&pad.say("col-total")),
            escape(&player.total),
            escape(&player.now),
        );
    }
    html.push_str("</tbody>\n</table>\n</div>\n");
    html
}

/// The winner's star, and the word for those who do not see it.
fn star(pad: &Pad) -> String {
    format!(
        " <span aria-hidden=\"true\">★</span><span class=\"visually-hidden\">({})</span>",
        escape(&pad.say("winner").to_lowercase())
    )
}

/// The grid of a pad: a column per player (four for cards), a row per phase or hand.
pub fn table(pad: &Pad) -> String {
    let columns = pad.columns_per_player();
    let span = columns.len().max(1);
    let class = match pad.game {
        PadGame::Dice => "dice".to_string(),
        // A long card game prints smaller, so that its pad still fits one sheet (`style.css`).
        PadGame::Cards => match pad.rows.len() {
            ..=24 => "cards",
            25..=36 => "cards long",
            37..=52 => "cards longer",
            _ => "cards longest",
        }
        .to_string(),
    };
    let class = match pad.standings.is_empty() && pad.about.is_empty() {
        true => format!("{class} blank"),
        false => class,
    };
    let mut html = format!(
        "<table class=\"pad {class}\">\n<thead>\n<tr><th scope=\"col\">{}</th>",
        escape(&pad.say("col-player"))
    );
    let (scope, colspan) = match span > 1 {
        true => ("colgroup", format!(" colspan=\"{span}\"")),
        false => ("col", String::new()),
    };
    for (name, won) in pad.players.iter().zip(&pad.winners) {
        match won {
            true => {
                let _ = write!(
                    html,
                    "<th scope=\"{scope}\"{colspan} class=\"won\">{}{}</th>",
                    escape(name),
                    star(pad)
                );
            }
            false => {
                let _ = write!(html, "<th scope=\"{scope}\"{colspan}>{}</th>", escape(name));
            }
        }
    }
    html.push_str("</tr>\n");
    if !columns.is_empty() {
        html.push_str("<tr><td></td>");
        for _ in &pad.players {
            for column in &columns {
                let _ = write!(html, "<th scope=\"col\">{}</th>", escape(column));
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</thead>\n<tbody>\n");
    let (yes, no, out) = (pad.say("made-yes"), pad.say("made-no"), pad.say("went-out"));
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
            escape(&pad.label_of(row, false))
        );
        match &row.cells {
            Cells::Hands(hands) => {
                for (seat, hand) in hands.iter().enumerate() {
                    let dealt = match row.dealer == Some(seat) {
                        true => format!(
                            " <span class=\"dealer\" title=\"{}\">{}</span>",
                            escape(&pad.say("dealer-title")),
                            escape(&pad.say("dealer-mark"))
                        ),
                        false => String::new(),
                    };
                    match hand {
                        Some(hand) => {
                            let (class, made) = match (hand.went_out, hand.made) {
                                (true, _) => ("out", &out),
                                (false, true) => ("made", &yes),
                                (false, false) => ("missed", &no),
                            };
                            let _ = write!(
                                html,
                                "<td>{}{dealt}</td><td class=\"{class}\">{}</td><td>{}</td><td>{}</td>",
                                hand.phase,
                                escape(made),
                                hand.points,
                                hand.total
                            );
                        }
                        None => {
                            let _ = write!(html, "<td>{}</td>", dealt.trim_start());
                            html.push_str(&"<td></td>".repeat(span - 1));
                        }
                    }
                }
            }
            Cells::PerPlayer(cells) => {
                for cell in cells {
                    let _ = write!(html, "<td{colspan}>{}</td>", escape(cell));
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
        let page = page(
            Language::default(),
            "A <pad>",
            "<p>x</p>",
            Some("/pad/live.js?a=1&b=2"),
        );
        assert!(page.contains(&format!("<style>{STYLE}</style>")));
        assert!(page.contains("<title>A &lt;pad&gt;</title>"));
        assert!(page.contains("<script src=\"/pad/live.js?a=1&amp;b=2\" defer></script>"));
    }
}
