//! The rules engine: replays a game's lines against the state the rules compute, and
//! stops at the first move that could not have happened.
//!
//! Each line goes through three separate types: the syntax tree says what the log
//! *claims*; [`resolve`] turns a claimed die into the [`state::DieId`] it must be; the
//! move handlers in [`replay`] check the move against the [`GameState`] and apply it.
//! The rules themselves — what is wrong and what to say about it — are one file each
//! under `src/rules/`.

pub mod allowed;
pub mod cards;
pub mod condition;
pub mod coverage;
pub mod edition;
mod effects;
pub mod energy;
pub mod error;
pub mod keywords;
mod life;
mod payment;
pub mod play;
mod position;
mod replay;
mod resolve;
pub mod select;
pub mod state;
mod steps;

pub use cards::{CardId, GameCards};
pub use error::{EngineCode, EngineError};
pub use replay::{Probe, Probed, Rejected, Replay, Table, replay};
pub use state::{DieId, GameState, Outcome};
