//! dmlint: replays hand-written Dice Masters game logs and points at the first illegal move.
//!
//! The flow is one-way: text → syntax tree ([`syntax`]) → resolved moves → game state
//! ([`engine`]), each rule one file in [`rules`]. Diagnostics carry byte spans and are
//! rendered only at the edge ([`render`]).

pub mod cards;
pub mod check;
pub mod codes;
pub mod diag;
pub mod engine;
pub mod fixture;
pub mod fuzz;
pub mod inspect;
pub mod mutate;
pub mod render;
pub mod rules;
pub mod sarif;
pub mod selfplay;
pub mod syntax;
