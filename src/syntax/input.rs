//! The parser's input: a slice of one line and the absolute file offset of its start.
//!
//! It stands in for `nom_locate::LocatedSpan`: spans only need the byte offset, and
//! LocatedSpan also counted lines on every slice and was 40 bytes to carry through
//! every combinator; this is 24 and does nothing but offset arithmetic.

use std::str::{CharIndices, Chars};

use nom::{Compare, CompareResult, Input, Needed};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct In<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> In<'a> {
    /// `text` starts at absolute offset `at` of the file.
    pub(crate) fn new(text: &'a str, at: usize) -> Self {
        In { text, at }
    }

    /// The text not yet consumed.
    pub(crate) fn fragment(&self) -> &&'a str {
        &self.text
    }

    /// The absolute offset of the first unconsumed byte.
    pub(crate) fn offset(&self) -> usize {
        self.at
    }
}

impl<'a> Input for In<'a> {
    type Item = char;
    type Iter = Chars<'a>;
    type IterIndices = CharIndices<'a>;

    fn input_len(&self) -> usize {
        self.text.len()
    }

    fn take(&self, index: usize) -> Self {
        In::new(&self.text[..index], self.at)
    }

    fn take_from(&self, index: usize) -> Self {
        In::new(&self.text[index..], self.at + index)
    }

    fn take_split(&self, index: usize) -> (Self, Self) {
        (self.take_from(index), self.take(index))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.text.find(predicate)
    }

    fn iter_elements(&self) -> Self::Iter {
        self.text.chars()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.text.char_indices()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        self.text.slice_index(count)
    }
}

impl<'b> Compare<&'b str> for In<'_> {
    fn compare(&self, t: &'b str) -> CompareResult {
        self.text.compare(t)
    }

    fn compare_no_case(&self, t: &'b str) -> CompareResult {
        self.text.compare_no_case(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slicing_keeps_absolute_offsets() {
        let i = In::new("roll SK:fist", 100);
        let (rest, word) = i.take_split(4);
        assert_eq!((*word.fragment(), word.offset()), ("roll", 100));
        assert_eq!((*rest.fragment(), rest.offset()), (" SK:fist", 104));
        assert_eq!(rest.take_from(1).offset(), 105);
    }
}
