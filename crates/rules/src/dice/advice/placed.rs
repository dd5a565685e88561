//! Which physical die each die on the table is. The phases of numbers do not care, but in
//! phase 8 two dice showing the same face can come up differently when rolled again, so the
//! advisor must know which is which: from the dice's names where the player gives them, or
//! because the faces allow only one way to lie on the ten dice.

use thiserror::Error;

use crate::dice::faces::{Die, MAX_DICE};
use crate::dice::layout::{DiceLayout, DieId};

/// A die on the table: what it shows and, where the player says, which die it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lying {
    pub die: Die,
    pub id: Option<DieId>,
}

/// Why named dice cannot lie where they are said to.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Misnamed {
    #[error("{id} cannot show {}", die.described())]
    NoSuchFace { index: usize, id: DieId, die: Die },
    #[error("{id} is named twice: each die lies on the table once")]
    Twice { index: usize, id: DieId },
    #[error("the dice cannot all lie on the dice they are named after")]
    Impossible { index: usize },
}

impl Misnamed {
    pub fn index(&self) -> usize {
        match self {
            Misnamed::NoSuchFace { index, .. }
            | Misnamed::Twice { index, .. }
            | Misnamed::Impossible { index } => *index,
        }
    }
}

/// How the dice can lie on the ten physical dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// In one way only: the physical die of each die on the table.
    Only(Vec<DieId>),
    /// In more than one way.
    Several,
    /// In no way (the faces are not rollable, which the caller reports in its own words).
    None,
}

/// Where the dice lie, given the names the player gave.
pub fn place(layout: DiceLayout, dice: &[Lying]) -> Result<Placement, Misnamed> {
    let candidates = candidates(layout, dice)?;
    let mut found = [DieId::L1; MAX_DICE];
    let mut first = None;
    let ways = count_ways(&candidates, 0, 0, &mut found, &mut first, dice.len());
    Ok(match (ways, first) {
        (0, _) => return none_fit(dice).map(|()| Placement::None),
        (1, Some(only)) => Placement::Only(only),
        _ => Placement::Several,
    })
}

/// Every way the dice can lie on the ten physical dice as they are named: for each way, the
/// index in `DieId::ALL` of the physical die at each position. Each way is an equally likely
/// outcome of the same roll (RULES §8). Empty when the faces are not rollable.
pub fn ways(layout: DiceLayout, dice: &[Lying]) -> Result<Vec<[usize; MAX_DICE]>, Misnamed> {
    let candidates = candidates(layout, dice)?;
    let mut ways = Vec::new();
    every_way(&candidates, 0, 0, &mut [0; MAX_DICE], &mut ways);
    if ways.is_empty() {
        none_fit(dice)?;
    }
    Ok(ways)
}

/// Per position, the physical dice (bit i: `DieId::ALL[i]`) it may be: the one named, or every
/// die with its face.
fn candidates(layout: DiceLayout, dice: &[Lying]) -> Result<Vec<u16>, Misnamed> {
    let mut candidates = Vec::with_capacity(dice.len());
    let mut named = 0u16;
    for (index, lying) in dice.iter().enumerate() {
        let possible = layout.candidates(&lying.die);
        let Some(id) = lying.id else {
            candidates.push(possible);
            continue;
        };
        let bit = 1u16 << DieId::ALL.iter().position(|d| *d == id).expect("a die");
        if possible & bit == 0 {
            return Err(Misnamed::NoSuchFace {
                index,
                id,
                die: lying.die,
            });
        }
        if named & bit != 0 {
            return Err(Misnamed::Twice { index, id });
        }
        named |= bit;
        candidates.push(bit);
    }
    Ok(candidates)
}

/// When no way fits: the names are at fault if there are any (the caller reports unrollable
/// faces in its own words).
fn none_fit(dice: &[Lying]) -> Result<(), Misnamed> {
    match dice.iter().position(|d| d.id.is_some()) {
        Some(index) => Err(Misnamed::Impossible { index }),
        None => Ok(()),
    }
}

fn every_way(
    candidates: &[u16],
    index: usize,
    used: u16,
    current: &mut [usize; MAX_DICE],
    ways: &mut Vec<[usize; MAX_DICE]>,
) {
    if index == candidates.len() {
        ways.push(*current);
        return;
    }
    let mut free = candidates[index] & !used;
    while free != 0 {
        let bit = free.trailing_zeros() as usize;
        free &= free - 1;
        current[index] = bit;
        every_way(candidates, index + 1, used | 1 << bit, current, ways);
    }
}

/// Counts the ways (stopping at two) of giving each die from `index` on a different candidate.
fn count_ways(
    candidates: &[u16],
    index: usize,
    used: u16,
    current: &mut [DieId; MAX_DICE],
    first: &mut Option<Vec<DieId>>,
    len: usize,
) -> u32 {
    if index == len {
        first.get_or_insert_with(|| current[..len].to_vec());
        return 1;
    }
    let mut ways = 0;
    for (bit, id) in DieId::ALL.iter().enumerate() {
        if candidates[index] & !used & 1 << bit == 0 {
            continue;
        }
        current[index] = *id;
        ways += count_ways(candidates, index + 1, used | 1 << bit, current, first, len);
        if ways >= 2 {
            break;
        }
    }
    ways
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lying(text: &str) -> Vec<Lying> {
        text.split(' ')
            .map(|token| match token.split_once('@') {
                Some((die, id)) => Lying {
                    die: die.parse().unwrap(),
                    id: DieId::from_name(id),
                },
                None => Lying {
                    die: token.parse().unwrap(),
                    id: None,
                },
            })
            .collect()
    }

    #[test]
    fn dice_lie_in_one_way_in_several_or_as_named() {
        use DieId::*;
        let standard = DiceLayout::Standard;
        // Every number 1-4 is on one low die in each color: the lows are placed by their faces.
        assert_eq!(
            place(standard, &lying("4r 1b 2b 4b")).unwrap(),
            Placement::Only(vec![L4, L1, L2, L3])
        );
        // An orange wild is on L1 and L2: two of them lie in two ways.
        assert_eq!(
            place(standard, &lying("Wo Wo")).unwrap(),
            Placement::Several
        );
        assert_eq!(
            place(standard, &lying("Wo@L2 Wo")).unwrap(),
            Placement::Only(vec![L2, L1])
        );
        assert!(matches!(
            place(standard, &lying("Wo@L3")),
            Err(Misnamed::NoSuchFace {
                index: 0,
                id: L3,
                ..
            })
        ));
        assert!(matches!(
            place(standard, &lying("Wo@L1 Wr@L1")),
            Err(Misnamed::Twice { index: 1, .. })
        ));
        assert_eq!(
            place(standard, &lying("Wo Wo Wo")).unwrap(),
            Placement::None
        );
    }

    #[test]
    fn every_way_the_dice_fit_is_listed_once() {
        let standard = DiceLayout::Standard;
        let index = |id: DieId| DieId::ALL.iter().position(|d| *d == id).unwrap();
        let (l1, l2) = (index(DieId::L1), index(DieId::L2));
        let two = ways(standard, &lying("Wo Wo")).unwrap();
        assert_eq!(two.len(), 2);
        assert_eq!((two[0][0], two[0][1]), (l1, l2));
        assert_eq!((two[1][0], two[1][1]), (l2, l1));
        assert_eq!(ways(standard, &lying("Wo@L2 Wo")).unwrap().len(), 1);
        assert!(ways(standard, &lying("Wo Wo Wo")).unwrap().is_empty());
        assert!(matches!(
            ways(standard, &lying("Wo@L1 Wo@L2 Wo")),
            Err(Misnamed::Impossible { index: 0 })
        ));
    }
}
