//! The score pad for people: a game's scoresheet as CSV for a spreadsheet, and as a printable
//! page laid out like the paper pad in the box (seed `000_…`), plus the blank pad for people who
//! play on paper. Pure functions from `service::scoresheet`'s models to text: the API chooses
//! one by `Accept`, and any other page (the live pad) reuses the table, the page and its
//! Content-Security-Policy from `html`.
//!
//! `rows` lays the pad out once, in the game's words (a column per player in seat order, a row
//! per phase, bonus and total, or per hand); `csv` and `html` only write those rows down.

pub mod blank;
pub mod chart;
pub mod csv;
pub mod html;
pub mod review;
pub mod rows;
pub mod words;
