//! Energy arithmetic: what a face is worth, what spinning it down spends, and whether a
//! set of energy pays a set of purchase costs with their energy types.

use crate::cards::model::EnergyType;
use crate::syntax::{Energy, Face};

use super::cards::energy_of;

/// The energy units a face shows (`2fist` is two fist units); `None` for a face that is
/// not energy.
pub fn units(face: &Face) -> Option<Vec<Energy>> {
    let Face::Energy { parts, .. } = face else {
        return None;
    };
    Some(
        parts
            .as_slice()
            .iter()
            .flat_map(|p| std::iter::repeat_n(p.symbol, usize::from(p.count)))
            .collect(),
    )
}

/// The units spent by spinning `face` down to `left`: `left` must show fewer units, all
/// of them on `face`. `None` when `left` is not such a face.
pub fn spin_down(face: &Face, left: &Face) -> Option<Vec<Energy>> {
    let mut spent = units(face)?;
    let kept = units(left)?;
    if kept.is_empty() || kept.len() >= spent.len() {
        return None;
    }
    for k in kept {
        let at = spent.iter().position(|u| *u == k)?;
        spent.remove(at);
    }
    Some(spent)
}

/// Why energy does not pay a set of purchases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shortfall {
    /// Fewer units than the total cost.
    Short { paid: usize, cost: usize },
    /// More units than the total cost: energy spent for nothing.
    Excess { paid: usize, cost: usize },
    /// A purchase (by index) lacks a unit of this energy type.
    Type {
        purchase: usize,
        missing: EnergyType,
    },
}

/// Checks that `paid` pays exactly the costs, each purchase getting at least one unit of
/// each of its energy types (a wild unit counts as any type, and only once).
pub fn pays(paid: &[Energy], purchases: &[(usize, &[EnergyType])]) -> Result<(), Shortfall> {
    let cost: usize = purchases.iter().map(|p| p.0).sum();
    if paid.len() < cost {
        return Err(Shortfall::Short {
            paid: paid.len(),
            cost,
        });
    }
    if paid.len() > cost {
        return Err(Shortfall::Excess {
            paid: paid.len(),
            cost,
        });
    }
    // Every (purchase, type) needs its own unit: a bipartite matching of those slots to
    // units. A few slots and a dozen units: augmenting paths are instant.
    let slots: Vec<(usize, EnergyType)> = purchases
        .iter()
        .enumerate()
        .flat_map(|(i, p)| p.1.iter().map(move |t| (i, *t)))
        .collect();
    let fits = |slot: usize, unit: usize| {
        paid[unit] == Energy::Wild || paid[unit] == energy_of(slots[slot].1)
    };
    let mut owner: Vec<Option<usize>> = vec![None; paid.len()];
    for (slot, &(purchase, missing)) in slots.iter().enumerate() {
        let mut seen = vec![false; paid.len()];
        if !augment(slot, &fits, &mut owner, &mut seen) {
            return Err(Shortfall::Type { purchase, missing });
        }
    }
    Ok(())
}

fn augment(
    slot: usize,
    fits: &dyn Fn(usize, usize) -> bool,
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for unit in 0..owner.len() {
        if fits(slot, unit) && !seen[unit] {
            seen[unit] = true;
            if owner[unit].is_none_or(|other| augment(other, fits, owner, seen)) {
                owner[unit] = Some(slot);
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse_face;
    use Energy::*;

    fn face(s: &str) -> Face {
        parse_face(s).unwrap()
    }

    #[test]
    fn a_face_is_worth_its_symbols() {
        assert_eq!(units(&face("2fist")), Some(vec![Fist, Fist]));
        assert_eq!(units(&face("fist+bolt*")), Some(vec![Fist, Bolt]));
        assert_eq!(units(&face("2gen")), Some(vec![Generic, Generic]));
        assert_eq!(units(&face("L2")), None);
    }

    #[test]
    fn spinning_down_spends_the_difference() {
        assert_eq!(spin_down(&face("2fist"), &face("fist")), Some(vec![Fist]));
        assert_eq!(
            spin_down(&face("fist+bolt"), &face("bolt")),
            Some(vec![Fist])
        );
        assert_eq!(spin_down(&face("2fist"), &face("bolt")), None);
        assert_eq!(spin_down(&face("fist"), &face("fist")), None);
    }

    #[test]
    fn costs_must_be_paid_exactly_with_their_types() {
        let shield = [EnergyType::Shield];
        assert_eq!(pays(&[Fist, Shield, Bolt, Bolt], &[(4, &shield)]), Ok(()));
        assert_eq!(
            pays(&[Fist, Mask, Bolt, Bolt], &[(4, &shield)]),
            Err(Shortfall::Type {
                purchase: 0,
                missing: EnergyType::Shield
            })
        );
        assert_eq!(pays(&[Fist, Wild, Bolt, Bolt], &[(4, &shield)]), Ok(()));
        assert_eq!(
            pays(&[Shield, Bolt, Bolt], &[(4, &shield)]),
            Err(Shortfall::Short { paid: 3, cost: 4 })
        );
        assert_eq!(
            pays(&[Shield, Bolt, Bolt, Fist, Fist], &[(4, &shield)]),
            Err(Shortfall::Excess { paid: 5, cost: 4 })
        );
    }

    #[test]
    fn one_wild_cannot_cover_two_purchases() {
        let bolt = [EnergyType::Bolt];
        assert_eq!(
            pays(&[Wild, Fist, Fist, Fist], &[(2, &bolt), (2, &bolt)]),
            Err(Shortfall::Type {
                purchase: 1,
                missing: EnergyType::Bolt
            })
        );
        assert_eq!(
            pays(&[Wild, Bolt, Fist, Fist], &[(2, &bolt), (2, &bolt)]),
            Ok(())
        );
    }
}
