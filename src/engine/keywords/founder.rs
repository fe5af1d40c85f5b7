//! Founder: a keyword with no rule of its own (Dark Phoenix Saga). Other cards name the
//! dice that have it ("while Cyclops is active, when you field a character die with
//! Founder …"), with the selector filter `keyword: founder` (`select::matches`), which
//! reads the card's text; nothing is undecided about a die that has it.

#[cfg(test)]
mod tests {
    use crate::cards::ability::{Keyword, Selector, What};
    use crate::engine::keywords::testing::{dice, replayed};
    use crate::engine::select::{Source, matches};

    #[test]
    fn a_selector_names_the_dice_of_founder_cards_only() {
        let (cards, state) = replayed(
            "dmlog 1\nformat custom life 10\nteam Ann\nCY = Cyclops: First Class x2\n\
             ST = Storm: Extreme Weather x2\nteam Bob\nGR = Ghost Rider: Johnny Blaze x2\n\
             first Ann\nposition\nturn 4 Ann main\nfield Ann CY:L1 ST:L1\n\
             used Ann SK x8\nused Bob SK x8\nend\n",
        );
        let founder = Selector {
            what: What::Character,
            keyword: Some(Box::new(Keyword::Founder)),
            ..Selector::default()
        };
        let cy = dice(&cards, &state, "CY", 0)[0];
        let st = dice(&cards, &state, "ST", 0)[0];
        let src = Source::card(state.die(cy).card, 0);
        assert!(matches(&cards, &state, &founder, &src, cy));
        assert!(!matches(&cards, &state, &founder, &src, st));
    }
}
