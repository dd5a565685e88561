//! Who plays first (RULES §4): every player rolls one high die, the highest plays first and so
//! on down; players who tie roll again among themselves until the order is strict.

/// How many times one group of tied players rolls again before the order they were given in
/// stands. Only a die that keeps landing the same way could reach it; it keeps a broken random
/// source from hanging the server.
const MAX_ROLL_AGAINS: usize = 64;

/// The outcome of rolling for the order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollOff {
    /// The players (by their position in the list given) in seat order: first player first.
    pub seating: Vec<usize>,
    /// Every number each player rolled, in the order rolled, by position in the list given.
    pub rolls: Vec<Vec<u8>>,
}

/// Rolls for the order of `players` players; `roll_high_die` gives one roll of a high die (5–10).
pub fn roll_for_order(players: usize, mut roll_high_die: impl FnMut() -> u8) -> RollOff {
    let mut rolls = vec![Vec::new(); players];
    let everyone: Vec<usize> = (0..players).collect();
    let seating = settle(everyone, &mut rolls, &mut roll_high_die, 0);
    RollOff { seating, rolls }
}

/// Orders one group of players by a roll each, settling ties by rolling again.
fn settle(
    group: Vec<usize>,
    rolls: &mut [Vec<u8>],
    roll_high_die: &mut impl FnMut() -> u8,
    depth: usize,
) -> Vec<usize> {
    if depth > MAX_ROLL_AGAINS {
        return group;
    }
    let mut rolled: Vec<(usize, u8)> = group
        .into_iter()
        .map(|player| {
            let value = roll_high_die();
            rolls[player].push(value);
            (player, value)
        })
        .collect();
    rolled.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
    let mut seating = Vec::with_capacity(rolled.len());
    for tied in rolled.chunk_by(|a, b| a.1 == b.1) {
        let players: Vec<usize> = tied.iter().map(|&(player, _)| player).collect();
        if players.len() == 1 {
            seating.extend(players);
        } else {
            seating.extend(settle(players, rolls, roll_high_die, depth + 1));
        }
    }
    seating
}
