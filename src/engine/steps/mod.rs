//! The turn, one file per step as the rulebook lays it out (Avengers Infinity rulebook,
//! TURN ORDER): the turn itself, clear and draw, roll and reroll, the main step with
//! priority, the attack step up to damage, damage, and cleanup.

mod attack;
mod cleanup;
mod damage;
mod draw;
mod main;
mod priority;
mod roll;
mod turn;
