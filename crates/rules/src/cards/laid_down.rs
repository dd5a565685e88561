//! Whether groups a player laid down make their phase (RULES §7): as many groups as the phase
//! has, matched to its groups in any order, each group whole (every card of it used), at least
//! one natural card in the phase, never a Skip, and El Chavo's card in phase 10 of that edition.

use thiserror::Error;

use super::card::{Card, cards_words};
use super::deck::{CardEdition, EL_CHAVO_NUMBER};
use super::groups::{Fault, LaidGroup, lay_group};
use crate::phases::{Group, GroupKind, PhaseNumber, phase};

/// Why laid-down groups are not the phase, in a player's words. Groups are counted from 0 in
/// the variants (for field paths) and from "the first" in the words.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotMade {
    #[error("the phase has {}, not {given}", groups(*needed))]
    GroupCount { given: usize, needed: usize },
    #[error("the {} group has a Skip, and a Skip is never part of a phase", ordinal(*group))]
    Skip { group: usize },
    #[error("the {} group is not a set: a set is cards of one number", ordinal(*group))]
    NotASet { group: usize },
    #[error(
        "the {} group is not a run: a run is cards of consecutive numbers within 1 to 12, each \
         number once",
        ordinal(*group)
    )]
    NotARun { group: usize },
    #[error("the {} group is not all one color", ordinal(*group))]
    NotOneColor { group: usize },
    #[error(
        "the {} group has only {}, and the phase needs {}",
        ordinal(*group),
        cards_words(*given),
        needs(*kind, *size)
    )]
    TooShort {
        group: usize,
        kind: GroupKind,
        size: u8,
        given: usize,
    },
    #[error("a phase needs at least one natural card: Wilds alone do not make it")]
    NoNaturalCard,
    #[error("in the El Chavo edition, phase 10 needs a Wild or an 8 in one of its sets")]
    NoElChavoCard,
}

impl NotMade {
    /// The index of the group at fault (for the field path laid_down[i]), when there is one.
    pub fn group(&self) -> Option<usize> {
        match self {
            NotMade::Skip { group }
            | NotMade::NotASet { group }
            | NotMade::NotARun { group }
            | NotMade::NotOneColor { group }
            | NotMade::TooShort { group, .. } => Some(*group),
            NotMade::GroupCount { .. } | NotMade::NoNaturalCard | NotMade::NoElChavoCard => None,
        }
    }
}

fn ordinal(index: usize) -> String {
    const WORDS: [&str; 4] = ["first", "second", "third", "fourth"];
    match WORDS.get(index) {
        Some(word) => (*word).to_string(),
        None => format!("{}th", index + 1),
    }
}

fn groups(count: usize) -> String {
    if count == 1 {
        "1 group".to_string()
    } else {
        format!("{count} groups")
    }
}

fn needs(kind: GroupKind, size: u8) -> String {
    match kind {
        GroupKind::Set => format!("a set of at least {size}"),
        GroupKind::Run => format!("a run of at least {size}"),
        GroupKind::Color => format!("at least {size} cards of one color"),
    }
}

/// Whether groups a player laid down (one list per group, in any order) make the phase, every
/// card of them used (groups at least as long as the phase asks; hits may have made them
/// longer). The groups come back in the order given, each with what its Wilds stand for.
pub fn check_laid_down(
    number: PhaseNumber,
    groups: &[Vec<Card>],
    edition: CardEdition,
) -> Result<Vec<LaidGroup>, NotMade> {
    let needed = phase(number).groups;
    if groups.len() != needed.len() {
        return Err(NotMade::GroupCount {
            given: groups.len(),
            needed: needed.len(),
        });
    }
    if let Some(group) = groups.iter().position(|g| g.iter().any(|c| c.is_skip())) {
        return Err(NotMade::Skip { group });
    }
    // The order of the phase's groups that fits the most given groups (the first such, the
    // phase's own order first), and the first group at fault in it.
    let mut closest: Option<(usize, usize, Group, Fault)> = None;
    for order in orders(needed.len()) {
        let mut laid = Vec::with_capacity(groups.len());
        let mut first_fault = None;
        for (given, &wanted) in order.iter().enumerate() {
            match lay_group(needed[wanted], &groups[given]) {
                Ok(group) => laid.push(group),
                Err(fault) => {
                    first_fault.get_or_insert((given, needed[wanted], fault));
                }
            }
        }
        match first_fault {
            None => return whole_phase(number, laid, edition),
            Some((given, group, fault)) => {
                if closest.is_none_or(|(fitting, ..)| laid.len() > fitting) {
                    closest = Some((laid.len(), given, group, fault));
                }
            }
        }
    }
    let Some((_, group, wanted, fault)) = closest else {
        return Err(NotMade::GroupCount {
            given: groups.len(),
            needed: needed.len(),
        });
    };
    Err(match (fault, wanted.kind) {
        (Fault::Skip, _) => NotMade::Skip { group },
        (Fault::TooShort, kind) => NotMade::TooShort {
            group,
            kind,
            size: wanted.size,
            given: groups[group].len(),
        },
        (Fault::Kind, GroupKind::Set) => NotMade::NotASet { group },
        (Fault::Kind, GroupKind::Run) => NotMade::NotARun { group },
        (Fault::Kind, GroupKind::Color) => NotMade::NotOneColor { group },
    })
}

/// What the whole phase needs beyond its groups.
fn whole_phase(
    number: PhaseNumber,
    laid: Vec<LaidGroup>,
    edition: CardEdition,
) -> Result<Vec<LaidGroup>, NotMade> {
    let cards = || laid.iter().flat_map(|g| &g.cards).map(|c| c.card);
    if !cards().any(Card::is_natural) {
        return Err(NotMade::NoNaturalCard);
    }
    if edition.needs_el_chavo_card(number) {
        let in_a_set = laid
            .iter()
            .filter(|g| g.kind == GroupKind::Set)
            .flat_map(|g| &g.cards)
            .any(|c| c.card.is_wild() || c.card.number_on() == Some(EL_CHAVO_NUMBER));
        if !in_a_set {
            return Err(NotMade::NoElChavoCard);
        }
    }
    Ok(laid)
}

/// Every order of `count` groups, the identity first.
fn orders(count: usize) -> Vec<Vec<usize>> {
    if count == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for shorter in orders(count - 1) {
        for at in (0..=shorter.len()).rev() {
            let mut order = shorter.clone();
            order.insert(at, count - 1);
            all.push(order);
        }
    }
    all
}
