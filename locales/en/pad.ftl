# The words of every page and export people read: the score pads (printable, live and blank),
# the CSV, the chart and the page of a link that has ended. One file per language, each with
# the same messages; `cargo test` checks that they match. Messages of the API itself
# (problem+json) stay English and are not here.

## Titles

pad-title-dice = Phase 10 Dice score pad
pad-title-cards = Phase 10 card game score pad
blank-title = { $title } (blank)
live-title-dice = Phase 10 Dice: the live pad
live-title-cards = Phase 10: the live pad

## Where a game stands

status-in-progress = in progress
status-last-round = last round
status-finished = finished
status-tie-break-due = tie-break hand due
winner = Winner
winners = { $count ->
    [one] Winner
   *[other] Winners
  }: { $names }

## The standings at the top of a pad

standings = Standings
col-player = Player
col-phase = Phase
col-total = Total
col-now = Now
on-phase = Phase { $phase }
all-phases-done = all done
plays-now = plays now
deals-now = deals
grid-dice = The pad, phase by phase
grid-cards = The pad, hand by hand

## A dice pad's rows

dice-phase-1 = 2 sets of 3
dice-phase-2 = 1 set of 3 + 1 run of 4
dice-phase-3 = 1 set of 4 + 1 run of 4
dice-phase-4 = 1 run of 7
dice-phase-5 = 1 run of 8
dice-phase-6 = 1 run of 9
dice-phase-7 = 2 sets of 4
dice-phase-8 = 7 of all one color
dice-phase-9 = 1 set of 5 + 1 set of 2
dice-phase-10 = 1 set of 5 + 1 set of 3
five-phase-bonus = Five Phase Bonus
five-phase-total = Five Phase Total
first-finish-bonus = First Finish Bonus
failures = Failures
solitaire-penalty = Solitaire Penalty
grand-total = Grand Total
turns-fixed = Turns Fixed
blank-five-phase-bonus = Five Phase Bonus (+40 if over 220)
blank-first-finish-bonus = First Finish Bonus (+40)
blank-solitaire-penalty = Solitaire Penalty (5 a failure)

## A card pad's rows and columns

card-phase-1 = 2 sets of 3
card-phase-2 = 1 set of 3 + 1 run of 4
card-phase-3 = 1 set of 4 + 1 run of 4
card-phase-4 = 1 run of 7
card-phase-5 = 1 run of 8
card-phase-6 = 1 run of 9
card-phase-7 = 2 sets of 4
card-phase-8 = 7 cards of one color
card-phase-9 = 1 set of 5 + 1 set of 2
card-phase-10 = 1 set of 5 + 1 set of 3
card-col-phase = Phase
card-col-made = Made
card-col-points = Points
card-col-total = Total
card-col-went-out = Went Out
made-yes = yes
made-no = no
went-out = out
hand = Hand { $number }
hand-tie-break = tie-break
hand-fixed = fixed
dealt-by = dealt by { $name }
phases-done = Phases Done
working-on = Working On
next-deal = Next Deal
total-points = Total Points
edition-standard = Standard edition
edition-el-chavo = El Chavo edition
phases-played = Phases played: { $phases }
ten-hands = ten hands, the lowest total wins
legend-cards = Made: yes or no; out: went out and ended the hand; D: dealt the hand. A tie-break hand is played by the tied players alone.
dealer-mark = D
dealer-title = dealt this hand
points-reminder = Points left in hand: 5 a card from 1 to 9, 10 a card from 10 to 12, 15 a Skip, 25 a Wild.

## The chart of running totals

chart-title-dice = Running totals by round
chart-title-cards = Running totals by hand
chart-axis-dice = round 1 to { $last }
chart-axis-cards = hand 1 to { $last }
chart-line = { $name }: { $total } after { $count }

## The live pad

live-opening = Opening the live pad…
live-following = Following the game live.
live-stopped = This link no longer follows the game.

## A link that has ended

ended-title = This link does not open a game
ended-text = It was revoked or it expired, or it was mistyped. Ask whoever shared the game for a new link.

## The blank pad

blank-player = Player { $number }

## The CSV

csv-player = Player

## The review of a digital game (RULES §12)

review-title = Review
review-about-make = Every choice of dice held against exact best play for the chance to make the phase.
review-about-game = Every choice of dice held against exact best play for the whole solitaire game: the points still to come.
review-players = Players
review-col-choices = Choices
review-col-accuracy = Accuracy
review-col-luck = Luck
review-no-choices = no choices yet
review-costliest = The costliest choices first
review-no-mistakes = Every choice was the best one.
review-every-turn = Every turn
review-no-turns = No turn has been scored yet.
review-turn = Turn { $number } · { $name } · phase { $phase }
review-turn-figures = { $before } before the first roll, { $after } at the end; luck { $luck }
review-first-roll = First roll
review-roll = Roll { $number }
review-roll-luck = luck { $luck }
review-label-best = best
review-label-good = good
review-label-inaccuracy = inaccuracy
review-label-mistake = mistake
review-label-blunder = blunder
review-counted-best = { $count } best
review-counted-good = { $count } good
review-counted-inaccuracy = { $count ->
    [one] { $count } inaccuracy
   *[other] { $count } inaccuracies
  }
review-counted-mistake = { $count ->
    [one] { $count } mistake
   *[other] { $count } mistakes
  }
review-counted-blunder = { $count ->
    [one] { $count } blunder
   *[other] { $count } blunders
  }
# A number of dice in words: "rolled six".
review-dice = { $count ->
    [1] one
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
    [9] nine
    [10] ten
   *[other] { $count }
  }
review-stopped = Stopped on { $kept }
review-kept = Kept { $kept } and rolled { $dice }
review-rolled-all = Rolled all { $dice }
review-best-stop = stopping was { $value }
review-best-keep = keeping { $kept } and rolling { $dice } was { $value }
review-best-all = rolling all { $dice } was { $value }
review-same-as-best = the best choice
review-points = { $points } points
review-to-come = { $points } points to come
review-phases = { $phases } phases
review-percent = { $value }%
review-decimal-mark = .
