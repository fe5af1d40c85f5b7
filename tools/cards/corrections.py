"""Every decision between the card sources: the votes of comparison.md, and the names
the sources spell differently.

Nothing here is guessed by the converter at run time: each value it takes from a vote is
a line of VOTES, written once, and copied into the `notes` of the card (and, when the
vote is a tie or was broken only by a hint, into its `disputed` list, which `dmlint cards`
shows). The converter checks this table against ../shared/reference/carddata/
comparison_disagreements.tsv (comparison.md section 3, one disagreement a line): a
disagreement with no line here, or a line here that is no disagreement, stops it.

How the votes were cast (comparison.md section 3): the majority of the sources present;
BulkCards and catalogue die limits are not counted (BulkCards derives them from rarity,
the catalogue gives whole sets one value), so every die limit is the Team Builder's
(DIE_LIMIT_RULE, 2,646 cards); a later row of a BulkCards fill-down group counts as the
group's first row; a Team Builder die shown by bare name from an earlier set counts 1/4.
Ties between two sources are kept open in comparison.md; here the Team Builder's value is
kept (it is the spine every source was matched to) and the card is marked disputed.
"""

from __future__ import annotations

# Catalogue rows whose names the Team Builder spells otherwise (comparison.md section
# 1.1): catalogue id -> Team Builder id. The catalogue spelling is on the right.
SPELLINGS = [
    dict(catalogue="2874", tb="4AI"),  # Avengers ID Card: Priority Indenticard -> Avengers ID Cards: Priority Indenticard
    dict(catalogue="2875", tb="5AI"),  # Avengers ID Card: Making It Official -> Avengers ID Cards: Making It Official
    dict(catalogue="2876", tb="6AI"),  # Avengers ID Card: Badge of Heroism -> Avengers ID Cards: Badge of Heroism
    dict(catalogue="805", tb="140AoU"),  # Red Skull (Zombie): Undying Evil -> Red Skull: Undying Evil
    dict(catalogue="1105", tb="139ASM"),  # Green Goblin (Zombie): Rotting Goblin -> Green Goblin: Rotting Goblin
    dict(catalogue="1102", tb="140ASM"),  # Kingpin (Zombie): Cerebral Crime Boss -> Kingpin: Cerebral Crime Boss
    dict(catalogue="419", tb="65BFF"),  # Carrion Crawler: Greater Abberation -> Carrion Crawler: Greater Aberration
    dict(catalogue="514", tb="87BFF"),  # Tarrasque: Greater Abberation -> Tarrasque: Greater Aberration
    dict(catalogue="3183", tb="3DOOM"),  # Beast Boy: Green Givaway -> Beast Boy: Green Giveaway
    dict(catalogue="3832", tb="34DPS"),  # Iceman: Icy Interferece -> Iceman: Icy Interference
    dict(catalogue="3909", tb="96DPS"),  # Wolverine: Hardened by Mardipoor -> Wolverine: Hardened by Madripoor
    dict(catalogue="1756", tb="25GAF"),  # King Shark: Underwater Agression -> King Shark™: Underwater Aggression
    dict(catalogue="2417", tb="28GotG"),  # Ricochet: Johnathon Gallo -> Ricochet: Jonathan Gallo
    dict(catalogue="2423", tb="30GotG"),  # Ronan the Accuser: Judgment Day -> Ronan the Accuser: Judgement Day
    dict(catalogue="2444", tb="77GotG"),  # The Kyln: 99.99% Mortality Rate -> The Kyln: 99.9% Mortality Rate
    dict(catalogue="2059", tb="44HHS"),  # Tiger Claw: Kraang Experiment -> Tiger Claw: Krang Experiment
    dict(catalogue="3741", tb="56IG"),  # Wong: Stephen Strange Memorial Insitute -> Wong: Stephen Strange Memorial Institute
    dict(catalogue="2097", tb="22IMW"),  # War Machine: Model 11 -> War Machine: Model II
    dict(catalogue="588", tb="85JL"),  # Cyborg: Expectionally Gifted -> Cyborg: Exceptionally Gifted
    dict(catalogue="3144", tb="27JUS"),  # Martian Manhunter: A Hunter -> Martian Manhunter: A Manhunter
    dict(catalogue="3152", tb="35JUS"),  # Poison Ivy: Criminal Because of Love -> Poison Ivy: Criminal Beause of Love
    dict(catalogue="3177", tb="60JUS"),  # Watchtower: JLA Watching Earth -> Watchtower: Watching Earth
    dict(catalogue="3180", tb="63JUS"),  # Wonder Woman: Ambassador to the World -> Wonder Woman: Amazon Ambassador to the World
    dict(catalogue="2272", tb="8SWW"),  # Giganta: Villany, Inc. -> Giganta: Villainy, Inc.
    dict(catalogue="2279", tb="15SWW"),  # Steve Trevor: Themysciran Liason -> Steve Trevor: Themysciran Liaison
    dict(catalogue="2838", tb="47THOR"),  # Thor (1): A Journey Into Mystery -> Thor (M): A Journey Into Mystery
    dict(catalogue="2842", tb="48THOR"),  # Thor (2): Warrior's Spirit -> Thor (F): Warrior's Spirit
    dict(catalogue="2789", tb="71THOR"),  # Karnak: Exploiting Weaknesses -> Karnak: Exploiting Weakness
    dict(catalogue="2837", tb="87THOR"),  # Thor (1): A God Amongst Men -> Thor (M): A God Amongst Men
    dict(catalogue="2840", tb="88THOR"),  # Thor (2): Representative of Midgard -> Thor (F): Representative of Midgard
    dict(catalogue="2746", tb="98THOR"),  # Chipmunk Hunk: Defeater of Punks -> Chipmunk Hunk: Defender of Punks
    dict(catalogue="2841", tb="131THOR"),  # Thor (2): Understands What It Means to Be Mortal -> Thor (F): Understand What It Means to Be Mortal
    dict(catalogue="2839", tb="132THOR"),  # Thor (1): Unworthy -> Thor (M): Unworthy
    dict(catalogue="3367", tb="4TIW"),  # Calliope: Charismatic Bard -> Calliope: Charasmatic Bard
    dict(catalogue="1651", tb="23TMNT"),  # Krang: Technodrone Commander -> Krang: Technodrome Commander
    dict(catalogue="1675", tb="43TMNT"),  # Splinter (2): Hamato Yoshi -> Splinter: Hamato Yoshi
    dict(catalogue="1676", tb="44TMNT"),  # Splinter (2): Father -> Splinter: Father
    dict(catalogue="1674", tb="45TMNT"),  # Splinter (2): Radical Rat -> Splinter: Radical Rat
    dict(catalogue="1671", tb="46TMNT"),  # Splinter (1): Ninja Master -> Splinter: Ninja Master
    dict(catalogue="1673", tb="47TMNT"),  # Splinter (1): Sensei -> Splinter: Sensei
    dict(catalogue="1672", tb="48TMNT"),  # Splinter (1): Master Splinter -> Splinter: Master Splinter
    dict(catalogue="2635", tb="68TOA"),  # Fenthaza: Dendar's Nightmare Speaker -> Fenthaza: Dender's Nightmare Speaker
    dict(catalogue="1364", tb="51WF"),  # Harvey Bullock: Imtimidating Investigator -> Harvey Bullock: Intimidating Investigator
    dict(catalogue="2520", tb="22XFC"),  # Morph: Kevin Sidney -> Morph: Kevin Sydney
    dict(catalogue="2526", tb="24XFC"),  # Onslaught: Feeding on Dark Thoughts -> Onslaught: Feeding Dark Thoughts
    dict(catalogue="2461", tb="42XFC"),  # Avalanche: The Vizier of Vibration -> Avalanche: The Vizer of Vibration
    dict(catalogue="2527", tb="64XFC"),  # Onslaught: Consequence of Tragedy -> Onslaught: Consequences of Tragedy
    dict(catalogue="2546", tb="70XFC"),  # Sasquatch: Great Best Tanaraq -> Sasquatch: Great Beast Tanaraq
    dict(catalogue="2492", tb="91XFC"),  # Doop: {Doop Speak} -> Doop: D~Doopspeak
    dict(catalogue="3327", tb="16XFO"),  # Forge: Intuituve Genius -> Forge: Intuitive Genius
    dict(catalogue="368", tb="70YGO"),  # The Winged Dragon of Ra: Solar Diety -> The Winged Dragon of Ra: Solar Deity
    # Not matched by comparison.md (its 8 catalogue rows with no Team Builder row): the same
    # set, subtitle and collector number (catalogue image key dps50/dps90/dps130).
    dict(catalogue="3890", tb="50DPS"),  # Ronan: Treason! -> Ronan the Accuser: Treason!
    dict(catalogue="3891", tb="90DPS"),  # Ronan: No Mercy -> Ronan the Accuser: No Mercy
    dict(catalogue="3892", tb="130DPS"),  # Ronan: No Exceptions -> Ronan the Accuser: No Exceptions
    # The same collector number (catalogue image key jus54), another subtitle: the card's name
    # is disputed; the catalogue's is kept, the Team Builder's facts are taken.
    dict(catalogue="3171", tb="54JUS",
         note='name: the Team Builder calls card 54 of JUS "The Riddler: Solved the Mystery of World Hunger"; '
              'the catalogue\'s subtitle is kept (same number, cost and energy)'),
]
# Card kinds no source gives: the Team Builder files these as "other" and BulkCards has no
# row for them. Ring of Magnetism's three cards are action dice: their Team Builder text
# opens "Continuous: Play on a monster" (Continuous is an action die's keyword, 000
# GLOSSARY lines 1478-1481), and the rules reference calls it a die attached to a
# character like the continuous dice (ruling [15], 003:360).
KINDS = {"35YGO": "action", "63YGO": "action", "98YGO": "action"}

# BulkCards rows with no card of their own: AOU143-146 repeat AOU139-142 (comparison.md 1.1).
BULK_UNMATCHED = ["AOU143", "AOU144", "AOU145", "AOU146"]

DIE_LIMIT_RULE = ("die limit: the Team Builder's (BulkCards derives its limits from rarity and the catalogue "
                  "gives whole sets one value; neither is counted: comparison.md 3.3)")

# `tb_id | field | value | basis`; a basis that starts with "tie" is a dispute.
VOTES_TABLE = """
52AvX | cost | 5 | XDM+CAT+TB over BULK 4
62AvX | stats | 152* 263* 384 | XDM+TB over BULK 152 263 384
126AvX | stats | 152* 263* 384 | XDM+TB over BULK 152 263 384
127AvX | cost | 5 | XDM+CAT+TB over BULK 6
132AvX | stats | 152* 263* 384 | XDM+TB over BULK 152 263 384
13AvXop | stats | 155 277 399 | tie broken by a hint (TB line equals the die of phoenix in the same set (copied row?)): XDM 155 277 399, TB 155 277 388
7UXM | stats | 124 136 146 | BULK+TB over XDM 124 136 148
8UXM | stats | 124 136 146 | BULK+TB over XDM 124 136 148
9UXM | stats | 124 136 146 | BULK+TB over XDM 124 136 148
10UXM | stats | 163 274 376 | BULK+TB over XDM 143 274 376
11UXM | stats | 163 274 376 | BULK+TB over XDM 143 274 376
12UXM | stats | 163 274 376 | BULK+TB over XDM 143 274 376
22UXM | stats | 152* 263* 384 | XDM+TB over BULK 152 263 384; TB shows an earlier set's die of that name (counts 1/4)
23UXM | stats | 152* 263* 384 | XDM+TB over BULK 152 263 384; TB shows an earlier set's die of that name (counts 1/4)
24UXM | stats | 152* 263* 384 | XDM+TB over BULK 152 263 384; TB shows an earlier set's die of that name (counts 1/4)
40UXM | stats | 133 254 255 | BULK+TB over XDM 133 254 256; TB shows an earlier set's die of that name (counts 1/4)
69UXM | stats | 133 254 255 | BULK+TB over XDM 133 254 256; TB shows an earlier set's die of that name (counts 1/4)
72UXM | stats | 124 136 146 | BULK+TB over XDM 124 136 148
73UXM | stats | 163 274 376 | BULK+TB over XDM 143 274 376
92UXM | stats | 152* 263* 384 | XDM+TB over BULK 152 263 384; TB shows an earlier set's die of that name (counts 1/4)
100UXM | stats | 133 254 255 | BULK+TB over XDM 133 254 256; TB shows an earlier set's die of that name (counts 1/4)
10BFF | cost | 4 | XDM+CAT+TB over BULK 5
22BFF | stats | 114 124 226 | tie broken by a hint (BULK line goes down (A L1=4 > L2=2)): BULK 144 124 226, TB 114 124 226
23BFF | stats | 114 124 226 | tie broken by a hint (BULK line goes down (A L1=4 > L2=2)): BULK 144 124 226, TB 114 124 226
24BFF | stats | 114 124 226 | tie broken by a hint (BULK line goes down (A L1=4 > L2=2)): BULK 144 124 226, TB 114 124 226
40BFF | stats | 133 144 154 | tie, TB kept: BULK 133 144 254, TB 133 144 154
58BFF | stats | 114 124 226 | tie broken by a hint (BULK line goes down (A L1=4 > L2=2)): BULK 144 124 226, TB 114 124 226
74BFF | stats | 133 144 154 | tie, TB kept: BULK 133 144 254, TB 133 144 154
101BFF | cost | 4 | XDM+CAT+TB over BULK 3
106BFF | stats | 133 144 154 | tie, TB kept: BULK 133 144 254, TB 133 144 154
128BFF | cost | 7 | XDM+CAT+TB over BULK 8
3YGO | stats | 156 266* 377* | XDM+TB over BULK 156 266 377
10YGO | stats | 255 266 277 | XDM+BULK over TB 255 266 377
17YGO | stats | 156 266* 377* | XDM+TB over BULK 156 266 377
36YGO | cost | 3 | XDM+CAT+TB over BULK 2
42YGO | stats | 255 266 277 | XDM+BULK over TB 255 266 377
62YGO | energy | Fist | XDM+CAT+TB over BULK Mask
72YGO | stats | 255 266 277 | XDM+BULK over TB 255 266 377
73YGO | cost | 4 | XDM+CAT+TB over BULK 3
79YGO | stats | 156 266* 377* | XDM+TB over BULK 156 266 377
82YGO | cost | 6 | XDM+CAT+TB over BULK 5
96YGO | energy | Fist | XDM+CAT+TB over BULK Mask
107YGO | energy | Fist | XDM+CAT+TB over BULK Mask
10JL | stats | 141 152 253 | tie, TB kept: BULK 141 152 165, TB 141 152 253
11JL | stats | 141 152 253 | tie, TB kept: BULK 141 152 165, TB 141 152 253
12JL | stats | 141 152 253 | tie, TB kept: BULK 141 152 165, TB 141 152 253
41JL | cost | 3 | CAT+TB over BULK 4
47JL | energy | Fist | CAT+TB over BULK Bolt
48JL | cost | 5 | CAT+TB over BULK 4
53JL | stats | 141 152 253 | tie, TB kept: BULK 141 152 165, TB 141 152 253
85JL | energy | Fist | CAT+TB over BULK Bolt
97JL | cost | 4 | CAT+TB over BULK 3
116JL | energy | Fist | CAT+TB over BULK Bolt
35AoU | stats | 124 234 245 | tie, TB kept: BULK 123 234 245, TB 124 234 245
60AoU | stats | 121 122 123 | tie, TB kept: BULK 121 122 223, TB 121 122 123
61AoU | stats | 134 245 355 | tie, TB kept: BULK 134 235 355, TB 134 245 355
75AoU | stats | 124 234 245 | tie, TB kept: BULK 123 234 245, TB 124 234 245
94AoU | cost | 2 | CAT+TB over BULK 3
95AoU | stats | 121 122 123 | tie, TB kept: BULK 121 122 223, TB 121 122 123
96AoU | stats | 134 245 355 | tie, TB kept: BULK 134 235 355, TB 134 245 355
106AoU | energy | Shield | CAT+TB over BULK Bolt
107AoU | stats | 124 234 245 | tie, TB kept: BULK 123 234 245, TB 124 234 245
124AoU | stats | 121 122 123 | tie, TB kept: BULK 121 122 223, TB 121 122 123
125AoU | cost | 5 | CAT+TB over BULK 4
125AoU | stats | 134 245 355 | tie, TB kept: BULK 134 235 355, TB 134 245 355
134AoU | energy | Shield | CAT+TB over BULK Bolt
142AoU | stats | 014 125 236 | tie broken by a hint (BULK line goes down (F L2=4 > L3=2)): BULK 014 425 236, TB 014 125 236
9WoL | cost | 3 | CAT+TB over BULK 2
10WoL | stats | 142 153 165 | tie, TB kept: BULK 142 153 265, TB 142 153 165
11WoL | stats | 142 153 165 | tie, TB kept: BULK 142 153 265, TB 142 153 165
12WoL | stats | 142 153 165 | tie, TB kept: BULK 142 153 265, TB 142 153 165
14WoL | cost | 4 | CAT+TB over BULK 5
15WoL | cost | 5 | CAT+TB over BULK 4
19WoL | energy | Shield | CAT+TB over BULK Bolt
20WoL | energy | Shield | CAT+TB over BULK Bolt
21WoL | energy | Shield | CAT+TB over BULK Bolt
23WoL | stats | 143 153 264 | TB over BULK 144 153 264; BULK fill-down row replaced by its group's first row
24WoL | stats | 143 153 264 | TB over BULK 145 153 264; BULK fill-down row replaced by its group's first row
44WoL | cost | 5 | CAT+TB over BULK 4
46WoL | stats | 142 153 165 | tie, TB kept: BULK 142 153 265, TB 142 153 165
50WoL | energy | Fist | CAT+TB over BULK Bolt
54WoL | stats | 155 266 288 | tie, TB kept: BULK 133 266 288, TB 155 266 288
55WoL | energy | Shield | CAT+TB over BULK Bolt
85WoL | energy | Fist | CAT+TB over BULK Bolt
88WoL | stats | 155 266 288 | tie, TB kept: BULK 133 266 288, TB 155 266 288
107WoL | cost | 4 | CAT+TB over BULK 3
113WoL | cost | 4 | CAT+TB over BULK 3
117WoL | energy | Fist | CAT+TB over BULK Bolt
119WoL | stats | 155 266 288 | tie, TB kept: BULK 133 266 288, TB 155 266 288
127WoL | cost | 4 | CAT+TB over BULK 3
140WoL | stats | 055 176 397 | tie, TB kept: BULK 055 176 297, TB 055 176 397
141WoL | energy | Fist | CAT+TB over BULK Mask
35ASM | stats | 144 155* 266* | tie, TB kept: BULK 114 155* 266*, TB 144 155* 266*
59ASM | stats | 152 255 257 | tie broken by a hint (BULK line equals the die of ironspidey in the same set (copied row?)): BULK 236 246 349, TB 152 255 257
60ASM | stats | 121 251 363 | tie, TB kept: BULK 121 251 263, TB 121 251 363
68ASM | stats | 141 252 254 | tie broken by a hint (BULK line equals the die of blackwidow, sandman, vulture in the same set (copied row?)): BULK 021 132 133, TB 141 252 254
71ASM | stats | 022 133 143 | tie broken by a hint (BULK line equals the die of blackwidow, sandman, spidergirl in the same set (copied row?)): BULK 021 132 133, TB 022 133 143
74ASM | stats | 143 264 274 | tie, TB kept: BULK 143 254 274, TB 143 264 274
75ASM | stats | 144 155* 266* | tie, TB kept: BULK 114 155* 266*, TB 144 155* 266*
79ASM | stats | 143 144 255 | TB over BULK 144 144 255; BULK fill-down row replaced by its group's first row
95ASM | stats | 152 255 257 | tie broken by a hint (BULK line equals the die of ironspidey in the same set (copied row?)): BULK 236 246 349, TB 152 255 257
96ASM | stats | 121 251 363 | tie, TB kept: BULK 121 251 263, TB 121 251 363
103ASM | stats | 141 252 254 | tie broken by a hint (BULK line equals the die of blackwidow, sandman, vulture in the same set (copied row?)): BULK 021 132 133, TB 141 252 254
104ASM | stats | 022 133 143 | tie broken by a hint (BULK line equals the die of blackwidow, sandman, spidergirl in the same set (copied row?)): BULK 021 132 133, TB 022 133 143
106ASM | stats | 143 264 274 | tie, TB kept: BULK 143 254 274, TB 143 264 274
107ASM | stats | 144 155* 266* | tie, TB kept: BULK 114 155* 266*, TB 144 155* 266*
110ASM | stats | 143 144 255 | TB over BULK 145 144 255; BULK fill-down row replaced by its group's first row
124ASM | stats | 152 255 257 | tie broken by a hint (BULK line equals the die of ironspidey in the same set (copied row?)): BULK 236 246 349, TB 152 255 257
125ASM | stats | 121 251 363 | tie, TB kept: BULK 121 251 263, TB 121 251 363
132ASM | stats | 022 133 143 | tie broken by a hint (BULK line equals the die of blackwidow, sandman, spidergirl in the same set (copied row?)): BULK 021 132 133, TB 022 133 143
134ASM | stats | 143 264 274 | tie, TB kept: BULK 143 254 274, TB 143 264 274
138ASM | stats | 141 252 254 | tie broken by a hint (BULK line equals the die of blackwidow, sandman, vulture in the same set (copied row?)): BULK 021 132 133, TB 141 252 254
19FUS | cost | 2 | BULK+TB over CAT 3
47FUS | stats | 111 122 133 | tie, TB kept: BULK 111* 122* 133, TB 111 122 133
85FUS | stats | 111 122 133 | tie, TB kept: BULK 111* 122* 133, TB 111 122 133
114FUS | stats | 111 122 133 | tie, TB kept: BULK 111* 122* 133, TB 111 122 133
132FUS | energy | Mask | CAT+TB over BULK Bolt
21WF | cost | 5 | BULK+TB over CAT 4
38WF | stats | 031 132 143 | tie, TB kept: BULK 133 144 274, TB 031 132 143
39WF | cost | 4 | CAT+TB over BULK 6
63WF | energy | Fist | CAT+TB over BULK Shield
63WF | stats | 031 142 252 | tie, TB kept: BULK 022 133 243, TB 031 142 252
66WF | cost | 6 | CAT+TB over BULK 5
78WF | stats | 031 132 143 | tie, TB kept: BULK 133 144 274, TB 031 132 143
97WF | cost | 4 | CAT+TB over BULK 3
97WF | energy | Fist | CAT+TB over BULK Shield
97WF | stats | 031 142 252 | tie, TB kept: BULK 022 133 243, TB 031 142 252
114WF | cost | 5 | CAT+TB over BULK 3
120WF | cost | 3 | CAT+TB over BULK 2
121WF | cost | 3 | CAT+TB over BULK 4
126WF | energy | Fist | CAT+TB over BULK Shield
126WF | stats | 031 142 252 | tie, TB kept: BULK 022 133 243, TB 031 142 252
136WF | stats | 031 132 143 | tie, TB kept: BULK 133 144 274, TB 031 132 143
139WF | energy | Fist | CAT+TB over BULK Mask
35TMNT | cost | 4 | CAT+TB over BULK 5
36TMNT | cost | 5 | CAT+TB over BULK 4
3CW | cost | 3 | CAT+TB over BULK 2
33CW | cost | 2 | CAT+TB over BULK 3
35CW | cost | 3 | CAT+TB over BULK 2
46CW | cost | 2 | CAT+TB over BULK 5
54CW | stats | 013 024 126 | tie broken by a hint (BULK line equals the die of moonstone in the same set (copied row?)): BULK 132 243 254, TB 013 024 126
66CW | stats | 133 143 254 | tie, TB kept: BULK 133* 143 254, TB 133 143 254
84CW | stats | 134 155 266 | TB over BULK 135 155 266; BULK fill-down row replaced by its group's first row; TB shows an earlier set's die of that name (counts 1/4)
90CW | stats | 013 024 126 | tie broken by a hint (BULK line equals the die of moonstone in the same set (copied row?)): BULK 132 243 254, TB 013 024 126
99CW | stats | 133 143 254 | tie, TB kept: BULK 133* 143 254, TB 133 143 254
116CW | stats | 134 155 266 | TB over BULK 136 155 266; BULK fill-down row replaced by its group's first row; TB shows an earlier set's die of that name (counts 1/4)
122CW | stats | 013 024 126 | tie broken by a hint (BULK line equals the die of moonstone in the same set (copied row?)): BULK 132 243 254, TB 013 024 126
125CW | cost | 3 | CAT+TB over BULK 4
130CW | stats | 133 143 254 | tie, TB kept: BULK 133* 143 254, TB 133 143 254
4GAF | cost | 4 | CAT+TB over BULK 5
32GAF | energy | Fist | CAT+TB over BULK Bolt
38GAF | stats | 122 133 145 | tie, TB kept: BULK 112 133 145, TB 122 133 145
39GAF | energy | Fist | CAT+TB over BULK Bolt
72GAF | energy | Fist | CAT+TB over BULK Bolt
78GAF | stats | 122 133 145 | tie, TB kept: BULK 112 133 145, TB 122 133 145
79GAF | energy | Fist | CAT+TB over BULK Bolt
109GAF | energy | Fist | CAT+TB over BULK Bolt
115GAF | stats | 122 133 145 | tie, TB kept: BULK 112 133 145, TB 122 133 145
116GAF | energy | Fist | CAT+TB over BULK Bolt
6DrS | cost | 7 | CAT+TB over BULK 6
7DrS | stats | 155 267 289 | BULK over TB 146 258 389; TB shows an earlier set's die of that name (counts 1/4)
8DrS | stats | 155 267 289 | BULK over TB 146 258 389; TB shows an earlier set's die of that name (counts 1/4)
9DrS | stats | 155 267 289 | BULK over TB 146 258 389; TB shows an earlier set's die of that name (counts 1/4)
15DrS | cost | 3 | CAT+TB over BULK 4
26DP | stats | 143 153 255 | tie, TB kept: BULK 142 153 255, TB 143 153 255
66DP | stats | 143 153 255 | tie, TB kept: BULK 142 153 255, TB 143 153 255
94DP | cost | 5 | CAT+TB over BULK 4
104DP | stats | 143 153 255 | tie, TB kept: BULK 142 153 255, TB 143 153 255
108DP | cost | 4 | CAT+TB over BULK 3
3HHS | cost | 2 | CAT+TB over BULK 3
22HHS | stats | 142 154 264 | tie broken by a hint (BULK line equals the die of raphael in the same set (copied row?)): BULK 024 135 146, TB 142 154 264
23HHS | stats | 142 154 264 | tie broken by a hint (BULK line equals the die of raphael in the same set (copied row?)): BULK 024 135 146, TB 142 154 264
24HHS | stats | 142 154 264 | tie broken by a hint (BULK line equals the die of raphael in the same set (copied row?)): BULK 024 135 146, TB 142 154 264
39HHS | cost | 8 | CAT+TB over BULK 6
1IMW | cost | 2 | CAT+TB over BULK 3
3IMW | cost | 3 | CAT+TB over BULK 2
10IMW | cost | 3 | BULK+TB over CAT 4
14BAT | stats | 122 132 244 | tie, TB kept: BULK 122 133 244, TB 122 132 244
35BAT | cost | 2 | CAT+TB over BULK 3
54BAT | stats | 122 132 244 | tie, TB kept: BULK 122 133 244, TB 122 132 244
93BAT | stats | 122 132 244 | tie, TB kept: BULK 122 133 244, TB 122 132 244
96BAT | cost | 3 | CAT+TB over BULK 2
112BAT | cost | 5 | CAT+TB over BULK 4
4Def | stats | 155 267 289 | BULK over TB 146 258 389; TB shows an earlier set's die of that name (counts 1/4)
5Def | stats | 155 267 289 | BULK over TB 146 258 389; TB shows an earlier set's die of that name (counts 1/4)
6Def | stats | 155 267 289 | BULK over TB 146 258 389; TB shows an earlier set's die of that name (counts 1/4)
5M2017 | cost | 5 | tie, TB kept: CAT 4, TB 5
6M2017 | cost | 5 | tie, TB kept: CAT 4, TB 5
7M2017 | cost | 3 | tie, TB kept: CAT 4, TB 3
12M2017 | cost | 7 | tie, TB kept: CAT 6, TB 7
13SMC | stats | 023 124 235* | tie, TB kept: BULK 023 124 235, TB 023 124 235*
14SMC | stats | 023 124 235* | tie, TB kept: BULK 023 124 235, TB 023 124 235*
15SMC | stats | 023 124 235* | tie, TB kept: BULK 023 124 235, TB 023 124 235*
83GotG | stats | 146 157 278 | TB over BULK 147 157 278; BULK fill-down row replaced by its group's first row
84GotG | stats | 031 032 133 | tie broken by a hint (BULK line equals the die of betaraybill in the same set (copied row?)): BULK 146 157 278, TB 031 032 133
110GotG | energy | Fist | CAT+TB over BULK Mask
26XFC | stats | 115 217 317 | tie, TB kept: BULK 115 217 319, TB 115 217 317
28XFC | stats | 031 132 142 | BULK over TB 031 132 143; TB shows an earlier set's die of that name (counts 1/4)
35XFC | stats | 011 133 264 | tie, TB kept: BULK 011* 133* 264, TB 011 133 264
39XFC | stats | 152* 263* 384 | tie, TB kept: BULK 152* 263* 384*, TB 152* 263* 384
66XFC | stats | 115 217 317 | tie, TB kept: BULK 115 217 319, TB 115 217 317
68XFC | stats | 031 132 142 | BULK over TB 031 132 143; TB shows an earlier set's die of that name (counts 1/4)
75XFC | stats | 011 133 264 | tie, TB kept: BULK 011* 133* 264, TB 011 133 264
79XFC | stats | 152* 263* 384 | tie, TB kept: BULK 152* 263* 384*, TB 152* 263* 384
102XFC | stats | 115 217 317 | tie, TB kept: BULK 115 217 319, TB 115 217 317
104XFC | stats | 031 132 142 | BULK over TB 031 132 143; TB shows an earlier set's die of that name (counts 1/4)
111XFC | stats | 011 133 264 | tie, TB kept: BULK 011* 133* 264, TB 011 133 264
115XFC | stats | 152* 263* 384 | tie, TB kept: BULK 152* 263* 384*, TB 152* 263* 384
37TOA | energy | Fist | CAT+TB over BULK Mask
41TOA | stats | 021 132 133 | tie, TB kept: BULK 021 123 133, TB 021 132 133
48TOA | stats | 026 137 248 | tie broken by a hint (BULK line goes down (A L2=6 > L3=4)): BULK 026 167 248, TB 026 137 248
51TOA | stats | 021 131 133 | tie, TB kept: BULK 021 121 133, TB 021 131 133
54TOA | cost | 6 | CAT+TB over BULK 3
54TOA | stats | 126 138 269 | tie, TB kept: BULK 136 138 269, TB 126 138 269
56TOA | cost | 6 | CAT+TB over BULK 5
81TOA | stats | 021 132 133 | tie, TB kept: BULK 021 123 133, TB 021 132 133
88TOA | stats | 026 137 248 | tie broken by a hint (BULK line goes down (A L2=6 > L3=4)): BULK 026 167 248, TB 026 137 248
89TOA | energy | Bolt | CAT+TB over BULK Fist
91TOA | stats | 021 131 133 | tie, TB kept: BULK 021 121 133, TB 021 131 133
94TOA | stats | 126 138 269 | tie, TB kept: BULK 136 138 269, TB 126 138 269
120TOA | stats | 021 132 133 | tie, TB kept: BULK 021 123 133, TB 021 132 133
131TOA | stats | 026 137 248 | tie broken by a hint (BULK line goes down (A L2=6 > L3=4)): BULK 026 167 248, TB 026 137 248
15THOR | stats | 146 127 278 | BULK over TB 146 157 278; TB shows an earlier set's die of that name (counts 1/4)
18THOR | stats | 132* 133 243* | tie, TB kept: BULK 132* 133 243**, TB 132* 133 243*
33THOR | stats | 125 236 247 | tie broken by a hint (BULK line goes down (D L1=5 > L2=3)): BULK 125 263 247, TB 125 236 247
36THOR | stats | 165* 277* 388 | tie, TB kept: BULK 165* 277 388, TB 165* 277* 388
51THOR | energy | Shield | CAT+TB over BULK Bolt
55THOR | stats | 146 127 278 | BULK over TB 146 157 278; TB shows an earlier set's die of that name (counts 1/4)
58THOR | energy | Shield | CAT+TB over BULK Mask
58THOR | stats | 132* 133 243* | tie, TB kept: BULK 132* 133 234**, TB 132* 133 243*
73THOR | stats | 125 236 247 | tie broken by a hint (BULK line goes down (D L1=5 > L2=3)): BULK 125 263 247, TB 125 236 247
76THOR | stats | 165* 277* 388 | tie, TB kept: BULK 165* 277 388, TB 165* 277* 388
95THOR | stats | 146 127 278 | BULK over TB 146 157 278; TB shows an earlier set's die of that name (counts 1/4)
98THOR | energy | Shield | CAT+TB over BULK Mask
98THOR | stats | 132* 133 243* | tie, TB kept: BULK 132* 133 234**, TB 132* 133 243*
112THOR | energy | Mask | CAT+TB over BULK Bolt
113THOR | stats | 125 236 247 | tie broken by a hint (BULK line goes down (D L1=5 > L2=3)): BULK 125 263 247, TB 125 236 247
115THOR | stats | 165* 277* 388 | tie, TB kept: BULK 165* 277 388, TB 165* 277* 388
127THOR | cost | 5 | CAT+TB over BULK 8
1AI | stats | 023 124 134 | tie, TB kept: BULK 022 124 134, TB 023 124 134
2AI | stats | 023 124 134 | tie, TB kept: BULK 022 124 134, TB 023 124 134
3AI | stats | 023 124 134 | tie, TB kept: BULK 022 124 134, TB 023 124 134
25AI | stats | 146 267 388 | BULK over TB 165* 277* 388; TB shows an earlier set's die of that name (counts 1/4)
26AI | stats | 146 267 388 | BULK over TB 165* 277* 388; TB shows an earlier set's die of that name (counts 1/4)
27AI | stats | 146 267 388 | BULK over TB 165* 277* 388; TB shows an earlier set's die of that name (counts 1/4)
28AI | stats | 132 146 257* | BULK over TB 135 146 257*; TB shows an earlier set's die of that name (counts 1/4)
29AI | stats | 132 146 257* | the first row of its BULK fill-down group over BULK 133 146 257*, TB 135 146 257*; BULK fill-down row replaced by its group's first row; TB shows an earlier set's die of that name (counts 1/4)
30AI | stats | 132 146 257* | the first row of its BULK fill-down group over BULK 134 146 257*, TB 135 146 257*; BULK fill-down row replaced by its group's first row; TB shows an earlier set's die of that name (counts 1/4)
38AI | stats | 132 253 254 | TB over BULK 133 253 254; BULK fill-down row replaced by its group's first row
39AI | stats | 132 253 254 | TB over BULK 134 253 254; BULK fill-down row replaced by its group's first row
46AI | stats | 121 123 234 | BULK over TB 122 123 234; TB shows an earlier set's die of that name (counts 1/4)
48AI | stats | 121 123 234 | the first row of its BULK fill-down group over BULK 123 123 234, TB 122 123 234; BULK fill-down row replaced by its group's first row; TB shows an earlier set's die of that name (counts 1/4)
2KI | stats | 124 235 246 | TB over BULK 125 235 246; BULK fill-down row replaced by its group's first row
3KI | stats | 124 235 246 | TB over BULK 126 235 246; BULK fill-down row replaced by its group's first row
4KI | stats | 013 126* 237* | BULK over TB 012 126* 237*; TB shows an earlier set's die of that name (counts 1/4)
5KI | stats | 013 126* 237* | BULK over TB 012 126* 237*; TB shows an earlier set's die of that name (counts 1/4)
6KI | stats | 013 126* 237* | BULK over TB 012 126* 237*; TB shows an earlier set's die of that name (counts 1/4)
7KI | stats | 031 132 133 | tie, TB kept: BULK 022 124 134, TB 031 132 133
8KI | stats | 031 132 133 | tie, TB kept: BULK 022 124 134, TB 031 132 133
9KI | stats | 031 132 133 | tie, TB kept: BULK 022 124 134, TB 031 132 133
19JLL | stats | 012 022 123 | tie broken by a hint (BULK line goes down (D L1=3 > L2=2)): BULK 013 022 123, TB 012 022 123
20JLL | stats | 012 022 123 | tie broken by a hint (BULK line goes down (D L1=3 > L2=2)): BULK 013 022 123, TB 012 022 123
21JLL | stats | 012 022 123 | tie broken by a hint (BULK line goes down (D L1=3 > L2=2)): BULK 013 022 123, TB 012 022 123
2HQ | stats | 144 255 375 | TB over BULK 145 255 375; BULK fill-down row replaced by its group's first row
3HQ | stats | 144 255 375 | TB over BULK 146 255 375; BULK fill-down row replaced by its group's first row
9HQ | stats | 022 133 144 | tie broken by a hint (BULK line equals the die of poisonivy in the same set (copied row?)): BULK 012 024 136, TB 022 133 144
10HQ | stats | 022 133 144 | tie broken by a hint (BULK line equals the die of poisonivy in the same set (copied row?)): BULK 012 024 136, TB 022 133 144
11HQ | stats | 022 133 144 | tie broken by a hint (BULK line equals the die of poisonivy in the same set (copied row?)): BULK 012 024 136, TB 022 133 144
12HQ | stats | 013 124 134 | tie, TB kept: BULK 022 133 144, TB 013 124 134
13HQ | stats | 013 124 134 | tie, TB kept: BULK 022 133 144, TB 013 124 134
14HQ | stats | 013 124 134 | tie, TB kept: BULK 022 133 144, TB 013 124 134
19HQ | stats | 144 155 266 | TB over BULK 145 155 266; BULK fill-down row replaced by its group's first row; TB shows an earlier set's die of that name (counts 1/4)
21HQ | stats | 114 125 236 | TB over BULK 115 125 236; BULK fill-down row replaced by its group's first row; TB shows an earlier set's die of that name (counts 1/4)
7BFU | stats | 042 152 262 | tie, TB kept: BULK 012 152 262, TB 042 152 262
8BFU | stats | 042 152 262 | tie, TB kept: BULK 012 152 262, TB 042 152 262
9BFU | stats | 042 152 262 | tie, TB kept: BULK 012 152 262, TB 042 152 262
19BFU | cost | 1 | CAT+TB over BULK 2
20BFU | cost | 2 | CAT+TB over BULK 1
25BFU | stats | 022 132 242 | tie broken by a hint (BULK line equals the die of primarisinceptor in the same set (copied row?)): BULK 022 023 133, TB 022 132 242
26BFU | stats | 022 132 242 | tie broken by a hint (BULK line equals the die of primarisinceptor in the same set (copied row?)): BULK 022 023 133, TB 022 132 242
27BFU | stats | 022 132 242 | tie broken by a hint (BULK line equals the die of primarisinceptor in the same set (copied row?)): BULK 022 023 133, TB 022 132 242
2ORK | stats | 142 253 355 | TB over BULK 143 253 355; BULK fill-down row replaced by its group's first row
3ORK | stats | 142 253 355 | TB over BULK 144 253 355; BULK fill-down row replaced by its group's first row
4ORK | stats | 154 165 388 | tie, TB kept: BULK 154 165 288, TB 154 165 388
5ORK | stats | 154 165 388 | tie, TB kept: BULK 154 165 288, TB 154 165 388
6ORK | stats | 154 165 388 | tie, TB kept: BULK 154 165 288, TB 154 165 388
14ORK | stats | 121 132 233 | TB over BULK 122 132 233; BULK fill-down row replaced by its group's first row
15ORK | stats | 121 132 233 | TB over BULK 123 132 233; BULK fill-down row replaced by its group's first row
7M2019 | energy | Bolt | tie, TB kept: CAT Shield, TB Bolt
14JUS | energy | Mask | CAT+TB over BULK Fist
15JUS | energy | Mask | CAT+TB over BULK Fist
16JUS | energy | Mask | CAT+TB over BULK Fist
17JUS | stats | 144 153 165 | BULK over TB 144 166 277; TB shows an earlier set's die of that name (counts 1/4)
18JUS | stats | 144 153 165 | BULK over TB 144 166 277; TB shows an earlier set's die of that name (counts 1/4)
19JUS | stats | 144 153 165 | BULK over TB 144 166 277; TB shows an earlier set's die of that name (counts 1/4)
40JUS | cost | 3 | CAT+TB over BULK 4
67JUS | cost | 4 | CAT+TB over BULK 2
16DOOM | stats | 124 125* 127* | tie, TB kept: BULK 124 125 127, TB 124 125* 127*
17DOOM | stats | 124 125* 127* | tie, TB kept: BULK 124 125 127, TB 124 125* 127*
18DOOM | stats | 124 125* 127* | tie, TB kept: BULK 124 125 127, TB 124 125* 127*
8XMF | stats | 155 266 388 | tie broken by a hint (BULK line equals the die of blob in the same set (copied row?)): BULK 015 116 218, TB 155 266 388
22WWE | stats | 152 262 364 | tie, TB kept: BULK 052 262 364, TB 152 262 364
23WWE | stats | 152 262 364 | tie, TB kept: BULK 052 262 364, TB 152 262 364
24WWE | stats | 152 262 364 | tie, TB kept: BULK 052 262 364, TB 152 262 364
21IG | stats | 144 155* 166** | tie, TB kept: BULK 144 155* 166*, TB 144 155* 166**
47IG | energy | Fist | CAT+TB over BULK Mask
52IG | stats | 153 164 276 | tie, TB kept: BULK 156 268 388, TB 153 164 276
61IG | stats | 144 155* 166** | tie, TB kept: BULK 144 155* 166*, TB 144 155* 166**
67IG | cost | 4 | CAT+TB over BULK 2
87IG | energy | Fist | CAT+TB over BULK Mask
92IG | stats | 153 164 276 | tie, TB kept: BULK 156 268 388, TB 153 164 276
101IG | stats | 144 155* 166** | tie, TB kept: BULK 144 155* 166*, TB 144 155* 166**
127IG | energy | Fist | CAT+TB over BULK Mask
132IG | stats | 153 164 276 | tie, TB kept: BULK 156 268 388, TB 153 164 276
142IG | energy | Fist | CAT+TB over BULK Shield
148IG | cost | 3 | CAT+TB over BULK 5
151IG | stats | 153 164 276 | tie, TB kept: BULK 156 268 388, TB 153 164 276
49SKC | stats | 155 265 377 | tie broken by a hint (BULK line goes down (D L1=5 > L2=2)): BULK 155 262 377, TB 155 265 377
89SKC | stats | 155 265 377 | tie broken by a hint (BULK line goes down (D L1=5 > L2=2)): BULK 155 262 377, TB 155 265 377
129SKC | stats | 155 265 377 | tie broken by a hint (BULK line goes down (D L1=5 > L2=2)): BULK 155 262 377, TB 155 265 377

"""


def parse_votes(text: str) -> dict[tuple[str, str], dict]:
    out: dict[tuple[str, str], dict] = {}
    for n, line in enumerate(text.strip().splitlines(), start=1):
        parts = [p.strip() for p in line.split("|")]
        if len(parts) != 4 or parts[1] not in ("cost", "energy", "stats") or (parts[0], parts[1]) in out:
            raise ValueError(f"corrections.VOTES_TABLE line {n}: {line!r}")
        out[(parts[0], parts[1])] = {"value": parts[2], "basis": parts[3], "disputed": parts[3].startswith("tie")}
    return out


VOTES = parse_votes(VOTES_TABLE)
