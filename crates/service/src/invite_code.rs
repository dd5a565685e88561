//! The codes of invites: 100 random bits as 20 Crockford base32 characters, shown in four
//! groups of five (`K3X9M-…`) to be read aloud or typed from another screen. A code is read
//! back forgivingly: dashes and spaces dropped, any case, and the letters Crockford's alphabet
//! leaves out for looking like digits read as those digits.

use rand::RngCore;

/// Crockford's base32 alphabet: no I, L, O or U.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a code; five bits each.
const LENGTH: usize = 20;
const GROUP: usize = 5;

/// A new code, as shown to the owner.
pub fn generate() -> String {
    let mut bytes = [0u8; LENGTH];
    rand::rng().fill_bytes(&mut bytes);
    // The low five bits of a uniform byte are uniform: each character carries five random bits.
    let characters: Vec<char> = bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(b & 31)]))
        .collect();
    characters
        .chunks(GROUP)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// The code as it is hashed, whichever way it was typed; `None` if it cannot be a code.
pub fn normalize(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| *c != '-' && *c != ' ')
        .map(|c| match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            other => other,
        })
        .collect();
    let valid = code.len() == LENGTH && code.bytes().all(|b| ALPHABET.contains(&b));
    valid.then_some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_four_groups_of_five_that_read_back_without_dashes() {
        let code = generate();
        let groups: Vec<&str> = code.split('-').collect();
        assert_eq!(groups.len(), 4, "{code}");
        assert!(groups.iter().all(|g| g.len() == 5), "{code}");
        assert_eq!(normalize(&code), Some(code.replace('-', "")));
        assert_ne!(generate(), code);
    }

    #[test]
    fn a_code_is_read_forgivingly() {
        let shown = "K3X9M-0A1BC-DEFGH-JKMNP";
        let typed = "k3x9m oa1bc-defgh jkmnp";
        assert_eq!(normalize(typed), normalize(shown));
        assert_eq!(normalize("K3X9M-OAIBC-DEFGH-JKMNP"), normalize(shown));
        assert_eq!(normalize("K3X9M-0ALBC-DEFGH-JKMNP"), normalize(shown));
    }

    #[test]
    fn what_cannot_be_a_code_is_refused() {
        assert_eq!(normalize(""), None);
        assert_eq!(normalize("K3X9M-0A1BC-DEFGH-JKMN"), None);
        assert_eq!(normalize("K3X9M-0A1BC-DEFGH-JKMNPQ"), None);
        assert_eq!(normalize("K3X9M-0A1BC-DEFGH-JKMNU"), None);
        assert_eq!(normalize("K3X9M-0A1BC-DEFGH-JKMN\u{e9}"), None);
    }
}
