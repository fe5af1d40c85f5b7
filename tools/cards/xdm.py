"""moui72/XDM: the Avengers vs. X-Men (ma.txt) and Uncanny X-Men (mb.txt) transcriptions.

These two files were the first source of per-level die stats; every AvX and UXM card is
built from them, corrected by the tables below and cross-checked against the catalogue.
The later sources (Team Builder, BulkCards) then vote on the stats with them (see
corrections.py). Summaries of the card texts are in our own words (SUMMARIES).
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from catalogue import catalogue_card
from common import fail, norm

# ---------------------------------------------------------------------------------------
# Corrections to moui72/XDM (ma.txt = Avengers vs. X-Men, mb.txt = Uncanny X-Men).
# `rows` are data rows, 1-based, header excluded (row N = line N+1 of the file).
# `field` is a source column (whole value replaced: `old` must match exactly), a text
# column with `sub=True` (substring replaced: `old` must occur), or `card.<field>` for a
# value of the built card. `new=FROM_CATALOGUE` takes the matched catalogue row's value.
# Each `note` goes, as written, into the notes of every card the entry touches.
# ---------------------------------------------------------------------------------------
FROM_CATALOGUE = object()

XDM_CORRECTIONS = [
    # --- the typos named in SOURCE.txt (ability text; the text itself is not written out,
    #     but summaries and the ability/no-ability decision are based on the fixed text)
    dict(file="mb.txt", rows=[17], field="Ability", sub=True, old="If Magento leaves", new="If Magneto leaves",
         note='ability text: "Magento" is a typo for "Magneto" (fixed)'),
    dict(file="mb.txt", rows=[18], field="Ability", sub=True, old="oppoenet", new="opponent",
         note='ability text: "oppoenet" is a typo for "opponent" (fixed)'),
    dict(file="ma.txt", rows=[66, 75], field="Ability", sub=True, old="knoced", new="knocked",
         note='ability text: "knoced" is a typo for "knocked" (fixed)'),
    dict(file="ma.txt", rows=[55], field="Ability", sub=True, old="to preven this", new="to prevent this",
         note='ability text: "preven" is a typo for "prevent" (fixed)'),
    dict(file="ma.txt", rows=[20], field="Ability", sub=True, old="opponent's pre area", new="opponent's prep area",
         note='ability text: "pre area" is a typo for "prep area" (fixed; the sibling card Storm: \'Ro uses "prep area")'),
    # --- further typos found in the ability and global text
    dict(file="ma.txt", rows=[89], field="Ability", sub=True, old="oposing", new="opposing",
         note='ability text: "oposing" is a typo for "opposing" (fixed)'),
    dict(file="ma.txt", rows=[120], field="Ability", sub=True, old="opponenet", new="opponent",
         note='ability text: "opponenet" is a typo for "opponent" (fixed)'),
    dict(file="ma.txt", rows=[127], field="Ability", sub=True, old="oponent's", new="opponent's",
         note='ability text: "oponent\'s" is a typo for "opponent\'s" (fixed)'),
    dict(file="ma.txt", rows=[92], field="Ability", sub=True, old="rolla character", new="roll a character",
         note='ability text: "rolla" is a typo for "roll a" (fixed)'),
    dict(file="ma.txt", rows=[91], field="Ability", sub=True, old="If Spider Man", new="If Spider-Man",
         note='ability text: "Spider Man" corrected to the card name "Spider-Man"'),
    dict(file="ma.txt", rows=[40], field="Ability", sub=True, old="non-Villain characters gets", new="non-Villain character gets",
         note='ability text: "each non-Villain characters gets" corrected to "each non-Villain character gets"'),
    dict(file="ma.txt", rows=[42], field="Ability", sub=True, old="during you main step", new="during your main step",
         note='ability text: "you main step" is a typo for "your main step" (fixed)'),
    dict(file="ma.txt", rows=[78], field="Ability", sub=True, old="to you opponent", new="to your opponent",
         note='ability text: "you opponent" is a typo for "your opponent" (fixed)'),
    dict(file="ma.txt", rows=[90, 123], field="Ability", sub=True, old="if you opponent", new="if your opponent",
         note='ability text: "you opponent" is a typo for "your opponent" (fixed)'),
    dict(file="ma.txt", rows=[88], field="Ability", sub=True, old="search you bag", new="search your bag",
         note='ability text: "search you bag" is a typo for "search your bag" (fixed)'),
    dict(file="ma.txt", rows=[90, 122], field="Global", sub=True, old="your  turn", new="your turn",
         note='global text: doubled space in "your  turn" removed'),
    dict(file="ma.txt", rows=[138], field="Global", sub=True, old="character is gains", new="character gains",
         note='global text: "is gains" corrected to "gains"'),
    dict(file="mb.txt", rows=[33], field="Ability", sub=True, old="damaage", new="damage",
         note='ability text: "damaage" is a typo for "damage" (fixed)'),
    dict(file="mb.txt", rows=[58, 118], field="Global", sub=True, old="of you choice", new="of your choice",
         note='global text: "of you choice" is a typo for "of your choice" (fixed)'),
    dict(file="mb.txt", rows=[80], field="Ability", sub=True, old="When Namore blocks", new="When Namor blocks",
         note='ability text: "Namore" is a typo for "Namor" (fixed)'),
    dict(file="mb.txt", rows=[83], field="Global", sub=True, old="results roled", new="results rolled",
         note='global text: "roled" is a typo for "rolled" (fixed)'),
    dict(file="mb.txt", rows=[86], field="Ability", sub=True, old="at level2 or 3", new="at level 2 or 3",
         note='ability text: "level2" corrected to "level 2"'),
    dict(file="mb.txt", rows=[121], field="Ability", sub=True, old="X-23 get +1D", new="X-23 gets +1D",
         note='ability text: "X-23 get" corrected to "X-23 gets"'),
    dict(file="ma.txt", rows=[44], field="Ability", old="(No special effects; just a low-cost die with good numbers.)", new="",
         note="the source's ability column holds a transcriber's remark, not card text; the card is treated as having no ability"),
    # --- names, checked against the catalogue (and the AvX rulebook)
    dict(file="ma.txt", rows=[21], field="SubTitle", old="Ro", new="'Ro",
         note="subtitle \"Ro\" corrected to \"'Ro\": the catalogue (id 110) and the AvX rulebook's combat example print it with the apostrophe"),
    dict(file="ma.txt", rows=[119], field="SubTitle", old="Charles Fancis Xavier", new="Charles Francis Xavier",
         note='subtitle "Charles Fancis Xavier" corrected to "Charles Francis Xavier" (typo; catalogue id 94 agrees)'),
    dict(file="ma.txt", rows=[108], field="SubTitle", old="Brimstone-Biker", new="Brimstone Biker",
         note='subtitle: XDM "Brimstone-Biker", catalogue (id 46) "Brimstone Biker"; no third source, the catalogue spelling is kept as the more maintained one'),
    dict(file="mb.txt", rows=[33], field="Title", old="Take That Villain!", new="Take That, Villain!",
         note='title "Take That Villain!" corrected to "Take That, Villain!" as in the catalogue (id 141)'),
    dict(file="mb.txt", rows=[68], field="SubTitle", old="Techno Organic", new="Techno-Organic",
         note='subtitle "Techno Organic" corrected to "Techno-Organic" as in the catalogue (id 160)'),
    dict(file="mb.txt", rows=[130], field="SubTitle", old="On A Mission", new="On a Mission",
         note='subtitle "On A Mission" corrected to "On a Mission" as in the catalogue (id 397)'),
    # --- other fields, checked against the catalogue
    dict(file="mb.txt", rows=[103], field="Affiliation", old="Shield", new="Avengers",
         note='affiliation "Shield" (the energy type, put in the wrong column) corrected to Avengers as in the catalogue (id 183)'),
    dict(file="ma.txt", rows=[99], field="Rarity", old="Uncommon", new="Rare",
         note="rarity Uncommon corrected to rare: the catalogue (id 13) says rare, and #99 opens the rare block (#99-#128) of the set"),
    dict(file="ma.txt", rows=list(range(25, 35)) + list(range(133, 139)), field="card.kind", old="action", new="basic-action",
         note='kind: XDM types this card "Action"; it is a Basic Action Card (catalogue; the AvX rulebook calls these basic action cards)'),
    dict(file="ma.txt", rows=list(range(25, 35)), field="Cost", old="", new=FROM_CATALOGUE,
         note="cost: blank in XDM; taken from the catalogue"),
    dict(file="ma.txt", rows=list(range(25, 35)), field="Die Limit", old="", new=FROM_CATALOGUE,
         note="die limit (Use: 3): blank in XDM; taken from the catalogue"),
    dict(file="ma.txt", rows=[97], field="card.die.actions", old=["act", "act", "*"], new=["act", "*", "**"],
         note="action faces: XDM gives (none, none, *), but the other Mjolnir cards, which share this die, give (none, *, **), and this card's own text has a ** effect"),
    dict(file="ma.txt", rows=[98], field="card.die.actions", old=["act", "act", "*"], new=["act", "*", "**"],
         note="action faces: XDM gives (none, none, *), but the other Vibranium Shield cards, which share this die, give (none, *, **)"),
]

# Disagreements between XDM and the catalogue that are kept as XDM has them.
XDM_ACCEPTED = [
    dict(file="ma.txt", rows=[26], field="number", value="26", other="avx27",
         note="collector number: XDM #26, catalogue image key avx27 (it swaps Focus Power and Force Beam); XDM's is kept, as it follows the alphabetical order of every basic action block"),
    dict(file="ma.txt", rows=[27], field="number", value="27", other="avx26",
         note="collector number: XDM #27, catalogue image key avx26 (it swaps Focus Power and Force Beam); XDM's is kept, as it follows the alphabetical order of every basic action block"),
]

# Notes that record a fact we could not recover (no value is changed).
XDM_UNRESOLVED = [
    dict(file="ma.txt", rows=[27],
         note="ability text: the double-burst sentence lacks the damage dealt to each character (\"... each player and  damage to each character\"); not recoverable from our sources"),
]

XDM_RARITY = {"Starter": "starter", "Common": "common", "Uncommon": "uncommon", "Rare": "rare",
              "Super Rare": "super-rare", "OP": "op"}
XDM_ENERGY = {"Mask": "mask", "Bolt": "bolt", "Fist": "fist", "Shield": "shield", "Generic": None}
XDM_MAIN_SET = {"ma.txt": ("AVX", "Avengers vs. X-Men"), "mb.txt": ("UX", "Uncanny X-Men")}
# ---------------------------------------------------------------------------------------
# Summaries of the AvX/UXM card texts, in our own words (at most ~18 words; the converter
# refuses a summary that repeats 5 consecutive words of the card text). Keyed by XDM file
# and data row. Cards without text (ma.txt row 44, mb.txt rows 7, 13, 35, 42) have none.
# ---------------------------------------------------------------------------------------
SUMMARIES = """
ma.txt 1 | Blocking grants Beast +1A/+1D for the turn; a burst raises the bonus to +2A/+2D.
ma.txt 2 | If KO'd as a blocker, you gain 1 life; a burst also hits the opponent for 2.
ma.txt 3 | Blocking draws a die into prep; a burst draws two, one to prep and one to used.
ma.txt 4 | On fielding, may roll a used-pile Sidekick (not one that paid) straight into reserve.
ma.txt 5 | While active, all your Sidekick characters gain +1A/+1D, once no matter how many Caps.
ma.txt 6 | On fielding, KO every opposing Sidekick character; gain 1 life per Sidekick removed.
ma.txt 7 | While active, damage to you or Hulk gives Hulk +2A/+2D this turn (+3/+3 on a burst).
ma.txt 8 | While active, damage to you or Hulk moves every used-pile Hulk die into your prep area.
ma.txt 9 | While active, damage to you or Hulk KOs an opposing level 1 character; burst: any level.
ma.txt 10 | While active, every character you field makes Torch hit one character or player for 1.
ma.txt 11 | While active, each fielding lets you roll one used Torch die; characters go to reserve, others to used.
ma.txt 12 | On your first fielding each turn, Torch dice already fielded get +1A/+1D this turn.
ma.txt 13 | Iron Man suffers 1 less damage from each hit; 2 less on a burst.
ma.txt 14 | Whenever Iron Man is damaged you gain 1 life; 2 life on a burst.
ma.txt 15 | When damaged during combat, Iron Man deals 3 damage to an opposing attacker or blocker.
ma.txt 16 | Pay a fist to make Spider-Man immune to one effect, except combat damage from his opponent.
ma.txt 17 | On attacking, may pay a fist for +4D (once per die each turn).
ma.txt 18 | On attacking, may pay a fist so every opposing character must block him if possible.
ma.txt 19 | On fielding, reroll one opposing character; a non-character result goes to its owner's used pile.
ma.txt 20 | On attacking, reroll all opposing characters; non-character results go to the opponent's prep area.
ma.txt 21 | Once blocks are declared, reroll dice engaged with Storm; non-characters go to their owner's prep.
ma.txt 22 | Whenever Thor damages the opponent, KO one opposing fist character.
ma.txt 23 | Fist characters are unable to block Thor.
ma.txt 24 | On fielding, captures every opposing fist character until end of turn.
ma.txt 25 | Opponent picks two of their characters, which may not block this turn. Global: mask pulls an attacker back.
ma.txt 26 | Spin one chosen character a level up or down; on any burst, spin a second one too.
ma.txt 27 | Damages every character for 1 (2 on a burst); double burst also damages both players.
ma.txt 28 | Draw two dice from the bag, roll them and keep them in reserve.
ma.txt 29 | Two of your chosen characters gain +1A/+1D this turn; bursts add another +1A/+1D.
ma.txt 30 | This turn, your attackers that get KO'd go back to the field. Global: bolt for +1A.
ma.txt 31 | Two damage to a chosen character or player.
ma.txt 32 | KO a chosen level 1 character; double burst allows level 2. Global: fist stops a blocked character's damage.
ma.txt 33 | All your characters gain +2D; bursts add +3D more to one of them. Global: shield for +1D.
ma.txt 34 | Two chosen characters get +1A, and their surplus attack damage past blockers hits the opponent.
ma.txt 35 | Characters of lower level are unable to block Angel.
ma.txt 36 | After combat, characters engaged with Black Widow spin down one level before damage clears.
ma.txt 37 | At your end of turn, every Colossus die you have fielded spins up one level.
ma.txt 38 | When several characters block Cyclops, each takes his whole attack instead of a share.
ma.txt 39 | When attacking, you may choose which opposing character blocks Deadpool.
ma.txt 40 | While active, every non-Villain character gets -1A/-1D, once regardless of dice count.
ma.txt 41 | On attacking, choose an opposing character; it is unable to block this turn.
ma.txt 42 | While active, buy one action die free each main step, regardless of how many are fielded.
ma.txt 43 | On fielding, may draw and roll a die into reserve; burst: draw two, roll one, bag the other.
ma.txt 45 | While active, your Sidekick characters gain +1A/+1D, once regardless of dice count.
ma.txt 46 | On fielding, Hawkeye damages one opposing character by an amount equal to his attack.
ma.txt 47 | On fielding, capture one opposing die whose level is not above his own, until the turn ends.
ma.txt 48 | Magneto has +2A/+2D whenever he is engaged with an X-Men.
ma.txt 49 | Gets +2A/+2D when blocking. Global: pay a mask to force a character to attack.
ma.txt 50 | When engaged, copies the stats and abilities of an engaged character; burst adds +1A/+1D.
ma.txt 51 | While active, your Avengers characters cost nothing to field.
ma.txt 52 | Only mask characters can block Nightcrawler.
ma.txt 53 | Whenever Nova is damaged, you may draw a die into your prep area.
ma.txt 54 | Gains +2A/+2D when engaged. Global: pay a bolt to force a character to attack.
ma.txt 55 | While active, the opponent may not reroll dice unless they pay 2 life that turn.
ma.txt 56 | On attacking, KO one chosen opposing character unless its owner pays 2 life.
ma.txt 57 | On fielding, may capture a die from the opponent's used pile at level 1 and copy its stats.
ma.txt 58 | If the opponent has more life as combat starts, +2A/+2D. Global: shield plus 2 damage preps a die.
ma.txt 59 | If the opponent fields more characters as combat starts, Thing is unblockable and unharmed when blocking.
ma.txt 60 | Only fist characters can block Venom. Global: pay a fist to spin down an opposing fist character.
ma.txt 61 | Gets +2A/+2D while you have Iron Man fielded. Global: shield gains life on shield combat damage.
ma.txt 62 | Attacking alone, may spin one opposing character down a level.
ma.txt 63 | Deals 6 damage to every Villain; double burst makes it 8.
ma.txt 64 | As your attack begins, name an energy type; characters of it take no damage this turn.
ma.txt 65 | If blocked yet not KO'd, Angel hits the opposing player for 2.
ma.txt 66 | Blocking spins the blocked die down, KOing it from level 1; burst: gain 2 life on that KO.
ma.txt 67 | While active, your Sidekicks gain +2A and opposing Sidekicks cost 1 more to field.
ma.txt 68 | On a burst, if Colossus damaged the opponent he returns to prep rather than used.
ma.txt 69 | When assigned to attack, before blocks, he hits every opposing character for his attack value.
ma.txt 70 | On attacking, may choose Deadpool's blocker; that character is KO'd when the turn ends.
ma.txt 71 | Can be blocked only by Villains and Sidekicks. Global: with a Villain out, shield gives -1A/-1D.
ma.txt 72 | When blocked, surplus damage beyond his blockers' total defense hits the opponent.
ma.txt 73 | While active, every action you use lets him hit a character or the opponent for 2.
ma.txt 74 | On fielding, draw and roll two dice, fielding any characters free; burst: draw three, roll two.
ma.txt 75 | If KO'd while engaged, draw a die from the bag into your prep area.
ma.txt 76 | Characters Hawkeye damages are spun to level 1.
ma.txt 77 | While active, damage to you or Hulk makes Hulk hit each opposing character for 2 (3 on burst).
ma.txt 78 | While active, each fielding makes Torch deal 1 to the opponent and 1 to a chosen character.
ma.txt 79 | Takes no damage from characters that are not fist.
ma.txt 80 | On fielding, steal an opposing character; at turn end it is KO'd, hitting its owner for its attack.
ma.txt 81 | While active, 2 energy raises a Villain one level. Global: mask rerolls a Villain die.
ma.txt 82 | On fielding, copies a chosen opposing card's text (not cost or faces); a burst copies faces too.
ma.txt 83 | While active, your Avengers characters gain +1A/+1D.
ma.txt 84 | After combat, KO one of the characters that blocked him.
ma.txt 85 | The first damage Nova takes each turn may be redirected to a chosen character.
ma.txt 86 | When engaged, may pay two bolts for 4 damage to a character or the opponent.
ma.txt 87 | While active, the opponent can't use actions or globals unless they pay 2 life for the turn.
ma.txt 88 | On attacking, move a Punisher die from your bag to prep unless the opponent pays 3 life.
ma.txt 89 | On fielding, captures an opposing action die, usable free (no bursts) when Rogue attacks.
ma.txt 90 | While active and behind on life, draw one more die during every clear-and-draw step.
ma.txt 91 | If unblocked, may pay two fists to reset the opponent to 10 life before damage.
ma.txt 92 | On fielding, reroll up to two opposing characters; each non-character goes to used and its owner takes 2.
ma.txt 93 | If the opponent fields more characters as combat starts, Thing gets +3A/+3D this turn.
ma.txt 94 | As each attack step starts, +4A/+4D for every fielded opposing fist character.
ma.txt 95 | If Venom KOs a non-fist character while blocking, deal 2 to the opponent and gain 1 life.
ma.txt 96 | Unblockable while Iron Man is in your field. Global: shield gains life on shield combat damage.
ma.txt 97 | Deals 5 damage to a chosen character; a burst adds 1 more, a double burst 3 more.
ma.txt 98 | Mark an opposing character; matching-type opposing characters can't attack or block until after their next turn.
ma.txt 99 | Unblockable on any turn in which you used an action.
ma.txt 100 | On fielding, spin one opposing character all the way to level 1.
ma.txt 101 | While active, at your end of turn each of your level 2+ characters deals 2 to the opponent.
ma.txt 102 | When blocked, may damage the opponent instead of blockers; he then goes to used in cleanup.
ma.txt 103 | On attacking, may choose his blocker; if he KOs it, he deals 2 to every opposing character.
ma.txt 104 | On fielding, each player KOs all their non-Villain characters except one, to prep.
ma.txt 105 | When several characters block him, each takes his whole attack instead of a share.
ma.txt 106 | On fielding, find an action die in your bag and roll it into reserve.
ma.txt 107 | On fielding, may draw and roll a die; a character face hits the opponent for its attack.
ma.txt 108 | On fielding, move a used-pile die (not one that paid for him) to prep.
ma.txt 109 | On fielding, may roll two used Sidekicks into reserve. Global: bolt and a Sidekick KO deal 2.
ma.txt 110 | In combat, Hawkeye's damage is dealt and resolved ahead of opposing characters.
ma.txt 111 | On fielding, name an opposing character card; it can't be fielded while Loki is active.
ma.txt 112 | While active, your other Villains gain +2A/+2D. Global: mask rerolls a Villain die.
ma.txt 113 | When blocking, may move up to 2 of his damage onto the character he blocks.
ma.txt 114 | Each turn, your Mystique dice copy one opposing fielded die's stats; a burst adds +1A/+1D.
ma.txt 115 | While active, your unblocked Avengers damage the opponent a second time.
ma.txt 116 | After blocks, KO one of his blockers before damage.
ma.txt 117 | Each time Nova is damaged in combat, the opponent takes 2 damage.
ma.txt 118 | After combat, characters still engaged with Phoenix hit the opponent for their attack and are KO'd.
ma.txt 119 | While active, the opponent can't field characters unless they pay 2 life for the turn.
ma.txt 120 | On attacking, every opposing character takes 2 unless the opponent pays 4 life.
ma.txt 121 | On fielding, captures an opposing fielded character this turn and copies its stats and text.
ma.txt 122 | If the opponent has more life as combat starts, Surfer's attack and defense double.
ma.txt 123 | On fielding while the opponent fields more characters, draw and roll three dice into reserve.
ma.txt 124 | While active, opposing non-fist characters get -2A/-2D; a burst gives your fist characters +1A/+1D.
ma.txt 125 | On fielding with Iron Man out, KO one opposing character.
ma.txt 126 | Attacking alone, Wolverine gets +4A/+4D.
ma.txt 127 | Deals 4 damage to every character except Thor, both sides; a burst makes it 5.
ma.txt 128 | Attach to your character; later send it to used to stop all damage to that character.
ma.txt 129 | On attacking, deals 2 to the opponent unless they spin one of their characters down.
ma.txt 130 | On fielding, deals 1 damage to the opponent for each of your fielded Sidekicks.
ma.txt 131 | Spin him down a level to block one more attacker, or two levels for two more.
ma.txt 132 | Attacking alone, Wolverine is unblockable.
ma.txt 133 | Every fielded character of yours gets +1A/+1D per other fielded ally sharing an affiliation.
ma.txt 134 | Field up to two used-pile Sidekicks; double burst fields three.
ma.txt 135 | Name an energy type; those characters get +1D, or +3D on a double burst.
ma.txt 136 | Swap a fielded character for a same-type die from used or prep at equal level; bursts spin up.
ma.txt 137 | The opponent takes 1 damage per opposing character you KO this turn.
ma.txt 138 | 2 damage to a non-shield character, 4 if a Villain. Global: mask makes a character a Villain.
ma.txt 139 | On fielding, may KO one opposing fist character; you gain its level in life.
ma.txt 140 | On attacking, may pay three fists to halve the opponent's life, rounding down, before damage.
ma.txt 141 | Attacking alone doubles your life, but not above 10.
ma.txt 142 | While active, at each of your turn ends KO the cheapest non-Sidekick character; you pick among ties.
ma.txt 143 | Whenever Iron Man is damaged, may move a used-pile Sidekick into prep.
ma.txt 144 | When Cyclops is blocked, the opponent must KO another of their characters if possible.
ma.txt 145 | While active, each opposing attacker deals you at most 1 damage.
mb.txt 1 | On fielding, may field a Sidekick from your used pile on its character face.
mb.txt 2 | When Angel attacks, Sidekicks of yours gain +1A/+1D, once however many Angels attack.
mb.txt 3 | Heroic pairing; while paired, once a turn pay a shield for +2D to Angel and partner.
mb.txt 4 | On fielding, deals 3 to an opposing character unless the opponent pays 3 life.
mb.txt 5 | On fielding, deals 1 damage to the opponent and to each opposing character.
mb.txt 6 | Heroic pairing; while paired, Cyclops and partner each deal 1 to the opponent on attacking.
mb.txt 8 | Pay a bolt to give Iceman +1A/+1D.
mb.txt 9 | Once a turn, a bolt doubles Iceman's attack. Global: bolt turns Sidekicks to bolt energy.
mb.txt 10 | On fielding with no opposing Villains, may send a Sidekick to used: 1 damage and gain 1 life.
mb.txt 11 | When damaged, may send Sidekicks to used, preventing up to 3 damage per Sidekick.
mb.txt 12 | Once a turn, send a Sidekick of yours to used for +4A/+4D.
mb.txt 14 | Sidekicks are unable to block Kitty Pryde.
mb.txt 15 | Unblockable on its fielding turn. Global: mask stops a character attacking unless its owner loses 1 life.
mb.txt 16 | On fielding, may pay two masks to send a fielded or reserve character to its owner's prep.
mb.txt 17 | Whenever Magneto would leave the field, he moves into your prep area.
mb.txt 18 | Gets +3A/+3D while the opponent has no Villains fielded.
mb.txt 19 | When blocked, hits each opposing character for 1 before normal combat damage.
mb.txt 20 | On fielding, hits one opposing character for 1.
mb.txt 21 | On fielding, deals 1 damage to every opposing Sidekick.
mb.txt 22 | When blocked, may pay two fists to hit one blocker for his attack before combat damage.
mb.txt 23 | Heroic pairing; while paired, Wolverine and partner each need two or more blockers.
mb.txt 24 | Blockers take twice his damage.
mb.txt 25 | A character of yours gets +1A per character the opponent has fielded.
mb.txt 26 | A chosen character must attack next chance and spins up one level. Global: bolt for +1A.
mb.txt 27 | For the rest of the turn, each opposing character KO'd deals 1 damage to the opponent.
mb.txt 28 | Captures opposing characters totalling fielding cost 2 or less until cancelled or you damage the opponent.
mb.txt 29 | As your attack starts, steal a lower-level opposing character to attack; double burst allows equal level.
mb.txt 30 | Deal 1 to every character; burst: 1 to each player instead; double burst: both.
mb.txt 31 | Spin to generic energy and reroll a reserve character or Sidekick. Global: mask stops a block.
mb.txt 32 | Characters of a named type can't attack before your next turn; double burst also stops one blocking.
mb.txt 33 | Hits a Villain for 3; a double burst adds 1 more.
mb.txt 34 | Roll a used character die; if it shows a character field it free, else bag it.
mb.txt 36 | Has +5D during the turn it is fielded.
mb.txt 37 | Bolt characters are unable to damage Bishop.
mb.txt 38 | May only attack when the opponent has a character fielded.
mb.txt 39 | When blocked, deal 1 to an opposing character. Global: two bolts ping a character and force a block.
mb.txt 40 | On fielding, send one opposing Villain to its owner's prep area.
mb.txt 41 | While the opponent has no active Villains, fist characters can't damage Emma Frost.
mb.txt 43 | Villains deal him 1 less damage (2 less on a burst). Global: shield makes a character a Villain.
mb.txt 44 | When KO'd, reroll Magik; on a character face she goes back to the field.
mb.txt 45 | On fielding, every opposing character spins down a level where possible.
mb.txt 46 | While active with no opposing Villains fielded, your characters gain +2D.
mb.txt 47 | Gains +1A/+1D per die sitting in your prep area.
mb.txt 48 | Unblockable while you have two or more other characters fielded.
mb.txt 49 | On fielding, roll up to two Sidekicks found in your bag. Global: mask preps two used Sidekicks.
mb.txt 50 | On fielding, send one opposing character or Sidekick costing 2 or less to the used pile.
mb.txt 51 | When blocked, Pyro deals 1 damage to the opponent.
mb.txt 52 | Burst: if damaged in combat without being KO'd, he spins up a level at turn end.
mb.txt 53 | As your turn begins, every Sabretooth die you have fielded spins up a level.
mb.txt 54 | On fielding, deals 1 to every opposing X-Men per other Villain you have fielded.
mb.txt 55 | On attacking, may make one X-Men character block it if possible.
mb.txt 56 | When blocked, she spins up one level before damage is assigned.
mb.txt 57 | On attacking, pick an opposing character; it is unable to block.
mb.txt 58 | Immune to damage from action dice. Global: mask redirects an action die aimed at a character.
mb.txt 59 | While active, opposing non-Sidekick characters must attack; on a burst attackers take 2 damage.
mb.txt 60 | On blocking, may spin Vision up a level.
mb.txt 61 | Can never block.
mb.txt 62 | Attach to an X-Men card; each time a die from it is fielded, KO an opposing die.
mb.txt 63 | When Angel attacks, other shield attackers must be blocked before any Angel die.
mb.txt 64 | Gets +2D when attacking. Global: pay a fist to swap one of your characters' A and D.
mb.txt 65 | Damage to Apocalypse is prevented while the opponent fields no Villains.
mb.txt 66 | Gets +2A while engaged with any bolt character.
mb.txt 67 | Gets +2A when he is the only attacker.
mb.txt 68 | When blocked, deal 2 to every opposing character. Global: two bolts ping a character and force a block.
mb.txt 69 | On fielding, your next character fielded this turn costs nothing to field.
mb.txt 70 | While active, damage dealt by your bolt characters is increased by 1.
mb.txt 71 | While Falcon attacks, your Sidekicks are unblockable.
mb.txt 72 | The first other character you field each turn gives Iceman +3A, once regardless of dice count.
mb.txt 73 | With no opposing Villains fielded, each Juggernaut die may block an extra attacker.
mb.txt 74 | When blocked, may pay a mask to remove one blocker from combat; she stays blocked.
mb.txt 75 | On blocking, draw a die; if not a Sidekick, Magik and her attacker leave combat. Return the die.
mb.txt 76 | While active with no opposing Villains, the opponent takes 2 whenever they draw from their bag.
mb.txt 77 | Heroic pairing; while paired, attacks let you spin down a non-Heroic character and gain a life.
mb.txt 78 | While active, each Villain KO deals 1 to the opponent. Global: two bolts, each player damages own character.
mb.txt 79 | Gains +1A/+1D per other Villain fielded on either side.
mb.txt 80 | On blocking, may cancel an active action effect, moving its die to the used pile.
mb.txt 81 | Heroic pairing; while paired, gain 1 life when he or his partner attacks.
mb.txt 82 | On fielding, pick an opposing character costing 2 or less; KO it at level 1, else spin down.
mb.txt 83 | On attacking, pay up to two bolts, 1 damage each to the opponent. Global: bolt draws, keeps bolts.
mb.txt 84 | Whenever fielded or KO'd, deals 2 to every X-Men character on both sides.
mb.txt 85 | While active, opposing Sidekick KOs cost the opponent 1 life; burst: 2 more if Red Hulk did it.
mb.txt 86 | Lethal damage while he is above level 1 instead spins Sabretooth down and clears his damage.
mb.txt 87 | On fielding with no opposing Villains, KO all opposing X-Men; 1 damage per KO.
mb.txt 88 | Needs at least two blockers to be blocked.
mb.txt 89 | Heroic pairing; while paired, action dice can't target Storm or her partner.
mb.txt 90 | While active, when the opponent attacks you force one more attacker; Toad blocking it halves its attack.
mb.txt 91 | Mask characters can't damage Vision.
mb.txt 92 | Heroic pairing; while paired, fist and shield dice can't damage Wolverine or his partner.
mb.txt 93 | On attacking, name a fist/bolt character that must block X-23 if able.
mb.txt 94 | Attach to a card; the opponent's dice from it cost at least 2 to field, unreducible.
mb.txt 95 | On fielding, may spend 1 life to raise Ant-Man a level. Global: fist swaps A and D.
mb.txt 96 | Burst: after being KO'd he returns to the field one level lower.
mb.txt 97 | For every 2 combat damage Bishop takes, 1 damage goes to an opposing character.
mb.txt 98 | When not attacking, may pick an opposing non-fist character that is unable to block.
mb.txt 99 | When blocked, may pay two bolts to damage the opponent as if unblocked.
mb.txt 100 | Heroic pairing; while paired, Captain America and partner each get +4A/+4D.
mb.txt 101 | While active, each opposing fist character gets -1A, once regardless of dice count.
mb.txt 102 | On fielding, may send a Sidekick to used to hit an opposing character for 2.
mb.txt 103 | Heroic pairing; while paired, the first 2 damage to Iron Man and partner is prevented.
mb.txt 104 | After Magik damages the opponent, reroll until a mask: 1 damage per character face, then to used.
mb.txt 105 | On fielding, may pay a bolt to spin a character down and Marvel Girl up.
mb.txt 106 | If he and a Sidekick of yours are KO'd in one turn, he returns at that level.
mb.txt 107 | On attacking, takes one opposing character's attack value and attack-related abilities.
mb.txt 108 | If Namor is alone in your field at any turn end, field two Sidekicks from used or prep.
mb.txt 109 | While active, your Sidekicks gain +1A/+1D. Global: mask preps two used Sidekicks.
mb.txt 110 | On fielding, may pay two masks to KO a character.
mb.txt 111 | On attacking, roll your used pile; each bolt deals 1 to the opponent; return the dice.
mb.txt 112 | Heroic pairing; while paired, Red Hulk and partner each get +3A/+3D.
mb.txt 113 | Heroic pairing; while paired, he and partner spin to level 3 at your end of turn.
mb.txt 114 | The turn after fielding, may force the opponent to reroll one die from their first roll.
mb.txt 115 | Gets +1A/+1D per X-Men character the opponent has fielded. Global: shield forces an X-Men block.
mb.txt 116 | Heroic pairing; while paired, gain 2 life whenever he or his partner is blocked.
mb.txt 117 | Fist characters deal only half damage (round down) to Spider-Man.
mb.txt 118 | Each turn, the first 2 action-die damage to Storm may be redirected to the opponent.
mb.txt 119 | While active, when the opponent's main step ends, force one of their characters to attack; burst: 2 damage.
mb.txt 120 | When an attacking mask/fist character damages Vision, he deals the same back to it.
mb.txt 121 | Must attack if the opponent fields a character costing 5 or more; +1D when attacking.
mb.txt 122 | Attach to a card; at turn start may send it to used to find and roll its die.
mb.txt 123 | The first 1 damage a fist character deals Emma Frost is redirected to the opponent.
mb.txt 124 | Villains can't damage Iron Man; a burst doubles his attack when engaged with a Villain.
mb.txt 125 | While active, you get one extra reroll while rolling dice each turn.
mb.txt 126 | Heroic pairing; while paired, a KO'd Spider-Man or partner may hit a bolt/mask character.
mb.txt 127 | While active and the opponent has no active Villains, draw one extra die each turn.
mb.txt 128 | On fielding, reroll all other characters; the opponent takes 2 per die of theirs showing energy.
mb.txt 129 | On blocking, may buy a die costing 2 or less for free; a burst raises that to 3.
mb.txt 130 | Any time you could use a global, spin down an X-Men ally to give Kitty +2A/+2D.
mb.txt 131 | Engaged X-Men characters deal 2 less damage to Sentinel.
mb.txt 132 | May attack a fielded Villain character instead of the opponent; blocking still works normally.
mb.txt 133 | When you are attacked, may spin Marvel Girl up a level to gain 2 life.
mb.txt 134 | On fielding, may pay a shield to swap an opposing fist character for their used Sidekick.
mb.txt 135 | On fielding, KO an X-Men character; if it is Wolverine or Cyclops its owner takes 2.
"""

XDM_COLUMNS = ["Number", "Set", "Rarity", "Title", "SubTitle", "Type", "Cost", "Affiliation", "Die Limit",
               "Ability", "Global", "Field1", "Field2", "Field3", "Attack1", "Attack2", "Attack3",
               "Defense1", "Defense2", "Defense3", "Burst1", "Burst2", "Burst3", "Level 1", "Level 2",
               "Level 3", "TFC"]
XDM_TO_CATALOGUE_RARITY = {"starter": "as", "common": "bc", "uncommon": "cu", "rare": "dr",
                           "super-rare": "esr", "op": "gp"}
ACTION_FACE = {"": "act", "*": "*", "**": "**"}
CARD_FIELDS = ["number", "title", "subtitle", "kind", "cost", "energy", "affiliations", "die_limit",
               "rarity", "die", "abilities", "summary", "source", "notes"]

# ---------------------------------------------------------------------------------- XDM

def read_xdm(xdm_dir: Path, fname: str) -> list[dict]:
    problems: list[str] = []
    with (xdm_dir / fname).open(newline="", encoding="utf-8") as f:
        recs = list(csv.reader(f, delimiter="|", quotechar='"', strict=True))
    if recs[0] != XDM_COLUMNS:
        fail([f"{fname}: unexpected header {recs[0]}"])
    rows = []
    for n, rec in enumerate(recs[1:], start=1):
        if len(rec) != len(XDM_COLUMNS):
            problems.append(f"{fname} row {n}: {len(rec)} fields instead of {len(XDM_COLUMNS)}")
            continue
        r = dict(zip(XDM_COLUMNS, rec))
        r["_file"], r["_row"], r["_notes"] = fname, n, []
        r["_orig_text"] = (r["Ability"] + " " + r["Global"]).strip()
        stats = [r[f"{k}{i}"] for k in ("Field", "Attack", "Defense") for i in (1, 2, 3)]
        bursts = [r[f"Burst{i}"] for i in (1, 2, 3)]
        if any(b not in ACTION_FACE for b in bursts):
            problems.append(f"{fname} row {n}: burst values {bursts}")
        if all(stats):
            if not all(s.isdigit() for s in stats):
                problems.append(f"{fname} row {n}: stats {stats} are not numbers")
            total = 0
            for i in (1, 2, 3):
                compact = r[f"Field{i}"] + r[f"Attack{i}"] + r[f"Defense{i}"] + r[f"Burst{i}"]
                if compact != r[f"Level {i}"]:
                    problems.append(f"{fname} row {n}: Level {i} {r[f'Level {i}']!r} disagrees with its columns ({compact!r})")
                total += int(r[f"Field{i}"] or 0)
            if str(total) != r["TFC"]:
                problems.append(f"{fname} row {n}: TFC {r['TFC']} is not the sum of the fielding costs ({total})")
        elif any(stats):
            problems.append(f"{fname} row {n}: some stats missing {stats}")
        rows.append(r)
    fail(problems)
    return rows


def check_sibling_dice(rows: list[dict]) -> None:
    """Cards with the same title in a file share a die: their stats must agree."""
    problems = []
    by_title: dict[str, tuple] = {}
    for r in rows:
        if r["Set"] != XDM_MAIN_SET[r["_file"]][1]:
            continue   # OP cards of other products may use another die
        key = tuple(r[c] for c in XDM_COLUMNS[11:23])
        first = by_title.setdefault(r["Title"], (key, r["_row"]))
        if first[0] != key and r["Field1"]:
            problems.append(f"{r['_file']} row {r['_row']}: {r['Title']} stats differ from row {first[1]}")
    fail(problems)


def xdm_corrections_for(fname: str, row: int) -> list[dict]:
    return [c for c in XDM_CORRECTIONS if c["file"] == fname and row in c["rows"]]


def apply_raw_corrections(r: dict) -> None:
    """Corrections to source columns, except the values taken from the catalogue."""
    for c in xdm_corrections_for(r["_file"], r["_row"]):
        field = c["field"]
        if field.startswith("card.") or c["new"] is FROM_CATALOGUE:
            continue
        where = f"{r['_file']} row {r['_row']} {field}"
        if c.get("sub"):
            if c["old"] not in r[field]:
                fail([f"{where}: correction expects {c['old']!r} in {r[field]!r}"])
            r[field] = r[field].replace(c["old"], c["new"])
        else:
            if r[field] != c["old"]:
                fail([f"{where}: correction expects {c['old']!r}, found {r[field]!r}"])
            r[field] = c["new"]
        r["_notes"].append(c["note"])


def apply_catalogue_fills(r: dict, cat: dict | None) -> None:
    """Blank XDM values the corrections table says to take from the catalogue."""
    for c in xdm_corrections_for(r["_file"], r["_row"]):
        if c["new"] is not FROM_CATALOGUE:
            continue
        field = c["field"]
        where = f"{r['_file']} row {r['_row']} {field}"
        if r[field] != c["old"] or cat is None:
            fail([f"{where}: correction expects {c['old']!r} and a catalogue row, found {r[field]!r}"])
        value = cat[{"Cost": "cost", "Die Limit": "max_dice"}[field]]
        r[field] = value
        r["_notes"].append(f"{c['note']} (id {cat['id']}: {value})")


def apply_card_corrections(r: dict, card: dict) -> None:
    for c in xdm_corrections_for(r["_file"], r["_row"]):
        if not c["field"].startswith("card."):
            continue
        path = c["field"].split(".")[1:]
        obj = card
        for k in path[:-1]:
            obj = obj[k]
        if obj[path[-1]] != c["old"]:
            fail([f"{r['_file']} row {r['_row']} {c['field']}: correction expects {c['old']!r}, found {obj[path[-1]]!r}"])
        obj[path[-1]] = c["new"]
        card["notes"].append(c["note"])


def catalogue_key(cr: dict) -> tuple[str, str]:
    if cr["character"] == "Basic Action Card":
        return norm(cr["card"]), ""
    return norm(cr["character"]), norm(cr["card"])


def build_xdm_card(r: dict, cat: dict | None) -> dict:
    fname, n = r["_file"], r["_row"]
    t = r["Type"]
    has_stats = bool(r["Field1"])
    if t in XDM_ENERGY:
        energy = [XDM_ENERGY[t]] if XDM_ENERGY[t] else []
        kind = "character" if has_stats else "action"
    elif t == "Action":
        energy, kind = [], "action"
    elif t == "Basic Action":
        energy, kind = [], "basic-action"
    else:
        fail([f"{fname} row {n}: unknown Type {t!r}"])
    if has_stats:
        die = {"levels": [{"fielding": int(r[f"Field{i}"]), "attack": int(r[f"Attack{i}"]),
                           "defense": int(r[f"Defense{i}"]), "bursts": len(r[f"Burst{i}"])} for i in (1, 2, 3)],
               "actions": [], "energy": "unknown"}
    else:
        die = {"levels": [], "actions": [ACTION_FACE[r[f"Burst{i}"]] for i in (1, 2, 3)], "energy": "unknown"}
    notes = list(r["_notes"])
    main_code, main_name = XDM_MAIN_SET[fname]
    set_code = cat["set"] if cat else main_code
    if r["Rarity"] == "OP":
        if fname == "ma.txt":
            number = "OP" + r["Number"]
            notes.append(f"collector number: XDM numbers this organized-play card {r['Number']} in its OP list; written OP{r['Number']} (not cross-checked)")
        else:
            number = None
            notes.append(f"collector number: XDM's OP list numbers this card {r['Number']} across three OP kits; not a printed number, so left null")
    else:
        number = r["Number"]
    if r["Set"] != main_name:
        notes.append(f"XDM lists this card under \"{r['Set']}\" (an organized-play card); it is filed under {set_code} as in the catalogue"
                     + (f" (id {cat['id']})" if cat else ""))
    ability = (r["Ability"] + " " + r["Global"]).strip()
    affiliations = [a.strip() for a in re.split(r"[;,]", r["Affiliation"]) if a.strip()]
    card = {
        "number": number,
        "title": r["Title"],
        "subtitle": r["SubTitle"] or None,
        "kind": kind,
        "cost": int(r["Cost"]) if r["Cost"] else None,
        "energy": energy,
        "affiliations": affiliations,
        "die_limit": int(r["Die Limit"]) if r["Die Limit"] else None,
        "rarity": XDM_RARITY[r["Rarity"]],
        "die": die,
        "abilities": "not-encoded" if ability else "none",
        "summary": None,
        "source": f"moui72/XDM {fname} row {n}",
        "notes": notes,
        "_set": set_code,
        "_text": ability,
        "_cat": cat,
        "_xdm": r,
    }
    if r["Die Limit"] == "" and not (cat and cat["max_dice"] != "0"):
        card["notes"].append("die limit: recorded in neither XDM nor the catalogue")
    return card


def cross_check(r: dict, card: dict, cat: dict | None) -> list[str]:
    """The card (after corrections) against its catalogue row."""
    where = f"{r['_file']} row {r['_row']} ({card['title']}: {card['subtitle']})"
    if cat is None:
        return [f"{where}: not in the catalogue"]
    p = []
    cc = catalogue_card(cat)
    for field in ("title", "subtitle", "energy"):
        if card[field] != cc[field]:
            p.append(f"{where}: {field} {card[field]!r}, catalogue {cc[field]!r}")
    if sorted(card["affiliations"]) != sorted(cc["affiliations"]):
        p.append(f"{where}: affiliations {card['affiliations']}, catalogue {cc['affiliations']}")
    if card["cost"] != cc["cost"] and cc["cost"] is not None:
        p.append(f"{where}: cost {card['cost']}, catalogue {cc['cost']}")
    if cc["die_limit"] is not None and card["die_limit"] != cc["die_limit"]:
        p.append(f"{where}: die limit {card['die_limit']}, catalogue {cc['die_limit']}")
    if XDM_TO_CATALOGUE_RARITY[card["rarity"]] != cat["rarity"]:
        p.append(f"{where}: rarity {card['rarity']}, catalogue {cat['rarity']}")
    if cc["number"] is not None and cc["number"] != card["number"]:
        ok = [a for a in XDM_ACCEPTED if a["file"] == r["_file"] and r["_row"] in a["rows"] and a["field"] == "number"
              and a["value"] == card["number"] and a["other"] == cat["card_image"]]
        if ok:
            card["notes"].append(ok[0]["note"])
        else:
            p.append(f"{where}: number {card['number']}, catalogue {cat['card_image']}")
    return p


def load_summaries() -> dict[tuple[str, int], str]:
    out = {}
    for line in SUMMARIES.strip().splitlines():
        key, text = line.split(" | ", 1)
        fname, row = key.split()
        out[(fname, int(row))] = text.strip()
    return out


def words(s: str) -> list[str]:
    return re.findall(r"[a-z0-9+/'-]+", s.lower().replace("[", " ").replace("]", " "))


def check_summary(where: str, summary: str, texts: list[str]) -> list[str]:
    """At most ~18 words, and no run of 5 words taken from the card text."""
    p = []
    if len(summary.split()) > 18:
        p.append(f"{where}: summary has {len(summary.split())} words")
    grams = set()
    for text in texts:
        src = words(text)
        grams |= {tuple(src[i:i + 5]) for i in range(len(src) - 4)}
    mine = words(summary)
    for i in range(len(mine) - 4):
        if tuple(mine[i:i + 5]) in grams:
            p.append(f"{where}: summary repeats the card text: {' '.join(mine[i:i + 5])!r}")
            break
    return p


def build_xdm(xdm_dir: Path, catalogue: list[dict]) -> tuple[list[dict], set[str]]:
    """AvX and UXM cards from ma.txt/mb.txt, cross-checked; also the catalogue ids used."""
    problems: list[str] = []
    summaries = load_summaries()
    index: dict[tuple[str, str], list[dict]] = {}
    for cr in catalogue:
        if cr["set"] in ("AVX", "UX"):
            index.setdefault(catalogue_key(cr), []).append(cr)
    cards, used = [], set()
    for fname in ("ma.txt", "mb.txt"):
        rows = read_xdm(xdm_dir, fname)
        check_sibling_dice(rows)
        for r in rows:
            apply_raw_corrections(r)
            matches = index.get((norm(r["Title"]), norm(r["SubTitle"])), [])
            if len(matches) > 1:
                problems.append(f"{fname} row {r['_row']}: several catalogue rows match")
            cat = matches[0] if len(matches) == 1 else None
            if cat is not None:
                if cat["id"] in used:
                    problems.append(f"{fname} row {r['_row']}: catalogue id {cat['id']} matched twice")
                used.add(cat["id"])
            apply_catalogue_fills(r, cat)
            card = build_xdm_card(r, cat)
            apply_card_corrections(r, card)
            problems += cross_check(r, card, cat)
            for u in XDM_UNRESOLVED:
                if u["file"] == fname and r["_row"] in u["rows"]:
                    card["notes"].append(u["note"])
            s = summaries.pop((fname, r["_row"]), None)
            where = f"{fname} row {r['_row']}"
            if card["abilities"] == "not-encoded":
                if s is None:
                    problems.append(f"{where}: card text but no summary")
                else:
                    problems += check_summary(where, s, [card["_text"], r["_orig_text"]])
            elif s is not None:
                problems.append(f"{where}: a summary for a card without text")
            card["summary"] = s
            cards.append(card)
    if summaries:
        problems.append(f"summaries for unknown rows: {sorted(summaries)}")
    fail(problems)
    return cards, used


def add_catalogue_extras(cards: list[dict], catalogue: list[dict], used: set[str]) -> None:
    """AvX/UXM catalogue rows with no ma.txt/mb.txt row."""
    for cr in catalogue:
        if cr["set"] not in ("AVX", "UX") or cr["id"] in used:
            continue
        card = catalogue_card(cr)
        name = card["subtitle"] if card["subtitle"] is not None else card["title"]
        m = re.fullmatch(r"(.*) \((Alt|Blank)\)", name)
        base = None
        if m:
            for c in cards:
                if c["_set"] != card["_set"] or "_text" not in c:
                    continue
                if card["subtitle"] is None and c["subtitle"] is None and norm(c["title"]) == norm(m.group(1)):
                    base = c
                elif card["subtitle"] is not None and c["title"] == card["title"] and norm(c["subtitle"]) == norm(m.group(1)):
                    base = c
        if base is not None:
            base_name = base["title"] + (f": {base['subtitle']}" if base["subtitle"] else "")
            card["notes"].append(f"{'alternate-art' if m.group(2) == 'Alt' else 'blank-art'} printing of {base_name} "
                                 f"({base['source']}, which has the die data); not in moui72/XDM, catalogue facts only")
        else:
            card["notes"].append("in the catalogue but not in moui72/XDM ma.txt or mb.txt; catalogue facts only, no die data")
        cards.append(card)

