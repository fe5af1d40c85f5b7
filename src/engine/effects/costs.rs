//! Ability costs: the energy a line pays for an ability, checked against the cost.

use crate::cards::ability::{Ability, Cost, EnergySymbol};
use crate::cards::model::EnergyType;
use crate::rules;
use crate::syntax::Payment;

use crate::engine::replay::{Flow, Replayer};
use crate::engine::select::Source;

impl Replayer {
    pub(super) fn pay_costs(&mut self, a: &Ability, src: &Source, pay: Option<&Payment>) -> Flow {
        let symbols: Vec<EnergySymbol> = a
            .cost
            .iter()
            .flat_map(|c| match c {
                Cost::Energy(s) => s.clone(),
                _ => Vec::new(),
            })
            .collect();
        let who = src.controller;
        let empty = self.no_payment();
        let payment = match (pay, symbols.is_empty()) {
            (None, true) => return Ok(()),
            (Some(p), true) => {
                let name = self.cards.get(src.card).name.clone();
                self.violate(rules::payment_excess::new(
                    p.span,
                    format!("{name}'s ability has no cost"),
                    "nothing is paid for an ability without a cost",
                ))?;
                // Waived: the dice are spent as written.
                let paid = self.collect_payment(who, p)?;
                self.apply_payment(who, &paid);
                return Ok(());
            }
            (p, false) => p.unwrap_or(&empty),
        };
        let paid = self.collect_payment(who, payment)?;
        let types: Vec<[EnergyType; 1]> = symbols
            .iter()
            .filter_map(|s| s.energy())
            .map(|t| [t])
            .collect();
        let mut costs: Vec<(usize, &[EnergyType])> = types.iter().map(|t| (1, &t[..])).collect();
        let generic = symbols.iter().filter(|s| s.energy().is_none()).count();
        if generic > 0 {
            costs.push((generic, &[]));
        }
        if let Err(short) = self.pays(&paid, &costs) {
            let need: Vec<&str> = symbols
                .iter()
                .map(|s| crate::cards::text::symbol(*s))
                .collect();
            let text = format!("the ability costs {}", need.join(" "));
            let v = self.shortfall(short, payment.span, &text, who, &paid.units, &costs);
            self.violate(v)?;
        }
        self.apply_payment(who, &paid);
        Ok(())
    }
}
