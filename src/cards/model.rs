//! The card data model: the serde types that *are* the YAML schema of `cards/README.md`.
//!
//! `build.rs` includes this file too (it compiles the YAML into the binary), so it uses
//! nothing but serde and std. Every struct denies unknown fields: a typo in a card file
//! is an error, never silently ignored.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use super::ability::Ability;

/// The schema version this model reads.
pub const SCHEMA: u32 = 1;

/// One YAML file: a product and its cards, or (for `core.yaml`) the shared dice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub schema: u32,
    #[serde(default)]
    pub set: Option<SetInfo>,
    #[serde(default)]
    pub cards: Vec<Card>,
    /// The dice defined once (`core.yaml`): the sidekick and basic action dice.
    #[serde(default)]
    pub dice: Option<CoreDice>,
    /// An ability file (`cards/abilities/`): the code of the set whose cards it encodes.
    #[serde(default)]
    pub encodes: Option<String>,
    /// …and the cards' encoded abilities.
    #[serde(default)]
    pub abilities: Vec<Encoding>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetInfo {
    pub code: String,
    pub name: String,
    #[serde(default)]
    pub universe: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    #[serde(default)]
    pub number: Option<String>,
    pub title: String,
    #[serde(default)]
    pub subtitle: Option<String>,
    pub kind: CardKind,
    #[serde(default)]
    pub cost: Option<u8>,
    #[serde(default)]
    pub energy: Vec<EnergyType>,
    #[serde(default)]
    pub affiliations: Vec<String>,
    #[serde(default)]
    pub die_limit: Option<u8>,
    #[serde(default)]
    pub rarity: Option<String>,
    /// The card has official errata (its text differs from the printed card).
    #[serde(default)]
    pub errata: bool,
    /// Glossary keywords the card's text uses (names only).
    #[serde(default)]
    pub keywords: Vec<String>,
    /// The Team Builder ids (`31UXM`, `3UXMop`) of every printing: the ids that tournament
    /// format lists name.
    #[serde(default)]
    pub printings: Vec<String>,
    #[serde(default)]
    pub die: Option<Die>,
    #[serde(default)]
    pub abilities: Abilities,
    #[serde(default)]
    pub summary: Option<String>,
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub notes: Vec<String>,
    /// Facts the sources disagree on, each with the value kept: a verdict that rests on
    /// one says so.
    #[serde(default)]
    pub disputed: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardKind {
    Character,
    Action,
    BasicAction,
    /// The source does not say (catalogue-only cards).
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnergyType {
    Fist,
    Bolt,
    Mask,
    Shield,
}

/// A card's abilities: not encoded yet, none (no text), or the encoded list.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Abilities {
    /// The card has text that dmlint cannot yet apply: a log that needs it is undecided.
    #[default]
    NotEncoded,
    /// The card has no ability text.
    None,
    /// The card's text, in the ability language.
    Encoded(Vec<Ability>),
}

impl Abilities {
    pub fn encoded(&self) -> Option<&[Ability]> {
        match self {
            Abilities::Encoded(a) => Some(a),
            _ => None,
        }
    }
}

// YAML spells it `not-encoded`, `none` or a list; postcard stores the tagged enum.
impl Serialize for Abilities {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match (self, s.is_human_readable()) {
            (Abilities::NotEncoded, true) => s.serialize_str("not-encoded"),
            (Abilities::None, true) => s.serialize_str("none"),
            (Abilities::Encoded(a), true) => a.serialize(s),
            (a, false) => Stored::from(a.clone()).serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Abilities {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if !d.is_human_readable() {
            return Ok(Stored::deserialize(d)?.into());
        }
        // A visitor rather than an untagged enum: an untagged enum would swallow the
        // error of a mistyped ability field into "did not match any variant".
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Abilities;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("`not-encoded`, `none` or a list of abilities")
            }
            fn visit_str<E: serde::de::Error>(self, w: &str) -> Result<Abilities, E> {
                match w {
                    "not-encoded" => Ok(Abilities::NotEncoded),
                    "none" => Ok(Abilities::None),
                    _ => Err(E::custom(format!(
                        "expected `not-encoded`, `none` or a list of abilities, found `{w}`"
                    ))),
                }
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<Abilities, A::Error> {
                let list =
                    Vec::<Ability>::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))?;
                Ok(Abilities::Encoded(list))
            }
        }
        d.deserialize_any(Visit)
    }
}

/// [`Abilities`] as postcard stores it.
#[derive(Serialize, Deserialize)]
enum Stored {
    NotEncoded,
    None,
    Encoded(Vec<Ability>),
}

impl From<Abilities> for Stored {
    fn from(a: Abilities) -> Stored {
        match a {
            Abilities::NotEncoded => Stored::NotEncoded,
            Abilities::None => Stored::None,
            Abilities::Encoded(v) => Stored::Encoded(v),
        }
    }
}

impl From<Stored> for Abilities {
    fn from(a: Stored) -> Abilities {
        match a {
            Stored::NotEncoded => Abilities::NotEncoded,
            Stored::None => Abilities::None,
            Stored::Encoded(v) => Abilities::Encoded(v),
        }
    }
}

/// The encoded text of one card, in a file under `cards/abilities/`: it replaces the
/// `abilities` of the card of that name in the file's set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Encoding {
    /// `Title: Subtitle`, as logs name it.
    pub card: String,
    pub abilities: Vec<Ability>,
    /// Other sets (codes) whose card of this name is this card reprinted, its text
    /// checked to say the same: the encoding reaches them too. One name is now and then
    /// two different cards, so no other set's card of the name shares it unasked.
    #[serde(default)]
    pub reprints: Vec<String>,
}

/// What is known of a card's die.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Die {
    /// Character faces, level 1 first.
    #[serde(default)]
    pub levels: Vec<Level>,
    /// Action faces (`act`, `*`, `**`) of an action die.
    #[serde(default)]
    pub actions: Vec<String>,
    /// Energy faces in dmlog face notation, or unknown.
    #[serde(default)]
    pub energy: EnergyFaces,
}

/// A character face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    pub fielding: u8,
    pub attack: u8,
    pub defense: u8,
    #[serde(default)]
    pub bursts: u8,
}

/// A die's energy faces: `unknown` in YAML when the source does not record them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum EnergyFaces {
    #[default]
    Unknown,
    Known(Vec<String>),
}

impl EnergyFaces {
    pub fn known(&self) -> Option<&[String]> {
        match self {
            EnergyFaces::Unknown => None,
            EnergyFaces::Known(f) => Some(f),
        }
    }
}

// Human-readable formats (YAML) spell it `unknown` or a list; compact binary formats
// (the pool compiled into the binary) store an optional list, as they cannot ask the
// input which of the two it holds.
impl Serialize for EnergyFaces {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match (self, s.is_human_readable()) {
            (EnergyFaces::Unknown, true) => s.serialize_str("unknown"),
            (EnergyFaces::Known(f), true) => f.serialize(s),
            (faces, false) => faces.known().serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for EnergyFaces {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if !d.is_human_readable() {
            let faces: Option<Vec<String>> = Deserialize::deserialize(d)?;
            return Ok(faces.map_or(EnergyFaces::Unknown, EnergyFaces::Known));
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Word(String),
            Faces(Vec<String>),
        }
        match Written::deserialize(d)? {
            Written::Word(w) if w == "unknown" => Ok(EnergyFaces::Unknown),
            Written::Word(w) => Err(serde::de::Error::custom(format!(
                "expected `unknown` or a list of energy faces, found `{w}`"
            ))),
            Written::Faces(f) => Ok(EnergyFaces::Known(f)),
        }
    }
}

/// The dice every game uses, defined once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoreDice {
    pub sidekick: Die,
    pub basic_action: Die,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abilities_are_a_word_or_a_list_in_yaml_and_survive_postcard() {
        let none: Abilities = serde_saphyr::from_str("none").unwrap();
        assert_eq!(none, Abilities::None);
        let list: Abilities = serde_saphyr::from_str(
            "- kind: action\n  do:\n    - damage: {amount: 1, to: {count: each, what: character}}\n",
        )
        .unwrap();
        let Abilities::Encoded(a) = &list else {
            panic!("{list:?}")
        };
        assert_eq!(a.len(), 1);
        let bytes = postcard::to_allocvec(&list).unwrap();
        let back: Abilities = postcard::from_bytes(&bytes).unwrap();
        assert_eq!(back, list);
    }

    #[test]
    fn a_mistyped_effect_is_named_in_the_error() {
        let e = serde_saphyr::from_str::<Abilities>(
            "- kind: action\n  do:\n    - damgae: {amount: 1}\n",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("damgae") && e.contains("damage"), "{e}");
        let e = serde_saphyr::from_str::<Abilities>("encoded")
            .unwrap_err()
            .to_string();
        assert!(e.contains("not-encoded"), "{e}");
    }
}
