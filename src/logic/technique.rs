//! [`Technique`]: the named solving techniques, simplest first, with their ratings; and
//! [`Techniques`], a set of them that a solver may use.

named! {
    /// A named solving technique (its name in JSON, hints and traces), in the order they are
    /// tried: simplest first.
    pub enum Technique {
        /// The last open cell of a house takes the digit the house lacks.
        FullHouse = "full_house",
        /// A digit has one place left in a house.
        HiddenSingle = "hidden_single",
        /// A strictly increasing chain of relations `c1 < c2 < … < ck` pins each cell's range:
        /// the `i`-th is at least `i` and at most `N − k + i`.
        ChainBound = "chain_bound",
        /// A pointing whose removals leave its digit one place in another block the line
        /// crosses: the digit goes there (Sudoku Explainer's direct pointing).
        DirectPointing = "direct_pointing",
        /// `a < b`: `b` is above the smallest candidate of `a`, `a` below the largest of `b`.
        RelationBound = "relation_bound",
        /// A marker (Kropki dot, X, V, …) joins two cells: a digit leaves one when no
        /// candidate of the other goes with it.
        MarkerBound = "marker_bound",
        /// A claiming whose removals leave its digit one place in another line (of the same
        /// kind) through the block: the digit goes there.
        DirectClaiming = "direct_claiming",
        /// Under the negative constraint an unmarked pair is not so related: a digit leaves
        /// one cell when every candidate of the other would be.
        NegativeBound = "negative_bound",
        /// A hidden pair whose cells, holding nothing else, leave another digit one place in
        /// the house: that digit goes there.
        DirectHiddenPair = "direct_hidden_pair",
        /// A cell has one candidate left.
        NakedSingle = "naked_single",
        /// A hidden triple that leaves another digit one place in the house.
        DirectHiddenTriple = "direct_hidden_triple",
        /// A cell joined to two cells that see each other: a digit leaves it when both
        /// partners would need the same digit to go with it.
        MarkerPair = "marker_pair",
        /// In a block, a digit's places lie in one row or column: it leaves the rest of it.
        Pointing = "pointing",
        /// In a row or column, a digit's places lie in one block: it leaves the rest of it.
        Claiming = "claiming",
        /// The cells of one house that must all be below a cell hold different digits, so the
        /// cell is above as many digits (and likewise above it).
        HouseBound = "house_bound",
        /// Two cells of a house hold the same two candidates: those leave the house's others.
        NakedPair = "naked_pair",
        /// A naked subset whose cells are ordered by relations: each cell's digit is fixed by
        /// its rank.
        OrderedSubset = "ordered_subset",
        /// A digit's places in two rows lie in two columns (or the reverse).
        XWing = "x_wing",
        /// Two digits have the same two places in a house: the cells hold nothing else.
        HiddenPair = "hidden_pair",
        NakedTriple = "naked_triple",
        /// A digit's places in three rows lie in three columns (or the reverse).
        Swordfish = "swordfish",
        HiddenTriple = "hidden_triple",
        /// Two rows with two places each for a digit, one pair in line: the other ends see
        /// each other's targets.
        Skyscraper = "skyscraper",
        /// A row pair and a column pair of a digit joined in a block.
        TwoStringKite = "two_string_kite",
        /// A pivot `{x, y}` sees `{x, z}` and `{y, z}`: `z` leaves what both pincers see.
        XyWing = "xy_wing",
        /// A digit's places in a block form a cross, joined to a pair in a line outside it.
        EmptyRectangle = "empty_rectangle",
        /// A pivot `{x, y, z}` sees `{x, z}` and `{y, z}`: `z` leaves what all three see.
        XyzWing = "xyz_wing",
        /// Two `{x, w}` cells joined by a strong link on `x`: `w` leaves what both see.
        WWing = "w_wing",
        /// An X-wing with fins in one block (sashimi when a base line needs its fin).
        FinnedXWing = "finned_x_wing",
        /// Four cells in two rows, columns and blocks that all hold `a` and `b`: they must not
        /// end as only `a` and `b` (the two could be swapped), types 1, 2, 4 and 5 (only for
        /// a puzzle with one solution: see [`Techniques::with_uniqueness`]).
        UniqueRectangle = "unique_rectangle",
        NakedQuad = "naked_quad",
        /// Where a line crosses a block, `N` cells hold `N + 2` or more digits; cells in the
        /// rest of the line and of the block take the others without sharing one.
        SueDeCoq = "sue_de_coq",
        /// A digit's places in four rows lie in four columns (or the reverse).
        Jellyfish = "jellyfish",
        FinnedSwordfish = "finned_swordfish",
        HiddenQuad = "hidden_quad",
        FinnedJellyfish = "finned_jellyfish",
        /// Every open cell has two candidates but one with three: it takes the digit with
        /// three places in its houses (only for a puzzle with one solution).
        BugPlusOne = "bug_plus_one",
        /// A digit's places joined by strong links, coloured in two alternating colours: a
        /// colour with two places that see each other is false (wrap); a place that sees both
        /// colours loses the digit (trap).
        SimpleColours = "simple_colours",
        /// Four cells, not in one house, with four digits between them, all but one (`z`)
        /// confined to cells that see each other: `z` leaves what sees all its places there.
        WxyzWing = "wxyz_wing",
        /// Two colour clusters of one digit: a colour of one that sees a colour of the other
        /// makes one of their opposites true (or the colour false when it sees both).
        MultiColours = "multi_colours",
        /// Two almost locked sets joined by a restricted common digit: a digit of both leaves
        /// what sees all its places in them (doubly linked: both sets are locked).
        AlsXz = "als_xz",
        /// Two almost locked sets each joined to a third by a different restricted common
        /// digit: a digit of the two leaves what sees all its places in them.
        AlsXyWing = "als_xy_wing",
        /// A chain of strong and weak links on one digit: one of its ends is true.
        XChain = "x_chain",
        /// A chain of two-candidate cells: one of its ends holds the digit.
        XyChain = "xy_chain",
        /// Almost locked sets in a chain, each joined to the next by a restricted common
        /// digit unlike the one before: a digit of both ends leaves what sees all its
        /// places in them.
        AlsChain = "als_chain",
        /// A stem cell whose every candidate sees all its places in an almost locked set (a
        /// petal): a digit of every petal leaves what sees all its places in them.
        DeathBlossom = "death_blossom",
        /// An alternating inference chain over digits, cells, groups of cells and relations.
        Aic = "aic",
        /// Two to four base houses, rows (or columns) and blocks, whose places of a digit lie
        /// in as many cover houses, columns (or rows) and blocks: the digit leaves the cover
        /// houses' other cells (with fins: those that see every fin).
        FrankenFish = "franken_fish",
        /// A fish of two to four houses whose base or cover mixes rows and columns.
        MutantFish = "mutant_fish",
        /// One digit in one cell, followed on that digit alone (its other places and hidden
        /// singles), leaves a house without a place for it: the digit leaves the cell.
        Nishio = "nishio",
        /// Chains of single implications from an assumption: one that contradicts itself,
        /// or a fact that follows from every candidate of a cell or every place of a digit
        /// in a house.
        ForcingChain = "forcing_chain",
        /// Forcing chains whose facts may rest on several earlier ones (nets): a cell's last
        /// candidate after the others were ruled out along the way.
        DynamicForcingChain = "dynamic_forcing_chain",
    }
}

impl Technique {
    /// How hard the technique is to see, in tenths, on a scale that follows Sudoku Explainer's
    /// where the technique has an SE rating (full house 1.0, hidden single 1.2, direct pointing
    /// 1.7, direct claiming 1.9, direct hidden pair 2.0, naked single 2.3, direct hidden
    /// triple 2.5, pointing 2.6, claiming 2.8, naked pair 3.0, X-wing 3.2, …, XYZ-wing 4.4,
    /// naked quad 5.0, jellyfish 5.2, hidden quad 5.4, X-chain 6.5, XY-chain 6.6, AIC 7.0,
    /// nishio 7.5, forcing chain 8.0, dynamic forcing chain 8.5) and places the others by
    /// what a person must see (docs/src/techniques.md).
    pub const fn rating(self) -> u32 {
        match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingle => 12,
            Technique::ChainBound => 17,
            Technique::DirectPointing => 17,
            Technique::RelationBound => 18,
            Technique::MarkerBound => 18,
            Technique::DirectClaiming => 19,
            Technique::NegativeBound => 20,
            Technique::DirectHiddenPair => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenTriple => 25,
            Technique::MarkerPair => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::HouseBound => 29,
            Technique::NakedPair => 30,
            Technique::OrderedSubset => 31,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::Skyscraper => 40,
            Technique::TwoStringKite => 41,
            Technique::XyWing => 42,
            Technique::EmptyRectangle => 43,
            Technique::XyzWing => 44,
            Technique::WWing => 44,
            Technique::FinnedXWing => 45,
            Technique::UniqueRectangle => 45,
            Technique::NakedQuad => 50,
            Technique::SueDeCoq => 50,
            Technique::Jellyfish => 52,
            Technique::FinnedSwordfish => 53,
            Technique::HiddenQuad => 54,
            Technique::FinnedJellyfish => 56,
            Technique::BugPlusOne => 56,
            Technique::SimpleColours => 57,
            Technique::MultiColours => 58,
            Technique::AlsXz => 58,
            Technique::WxyzWing => 57,
            Technique::AlsXyWing => 62,
            Technique::XChain => 65,
            Technique::XyChain => 66,
            Technique::AlsChain => 67,
            Technique::DeathBlossom => 68,
            Technique::Aic => 70,
            Technique::FrankenFish => 71,
            Technique::MutantFish => 72,
            Technique::Nishio => 75,
            Technique::ForcingChain => 80,
            Technique::DynamicForcingChain => 85,
        }
    }

    /// The technique's name in words, for sentences: "naked pair", "XY-wing".
    pub const fn title(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingle => "hidden single",
            Technique::ChainBound => "chain bound",
            Technique::DirectPointing => "direct pointing",
            Technique::RelationBound => "relation bound",
            Technique::MarkerBound => "marker bound",
            Technique::DirectClaiming => "direct claiming",
            Technique::NegativeBound => "negative bound",
            Technique::DirectHiddenPair => "direct hidden pair",
            Technique::NakedSingle => "naked single",
            Technique::DirectHiddenTriple => "direct hidden triple",
            Technique::MarkerPair => "marker pair",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::HouseBound => "house bound",
            Technique::NakedPair => "naked pair",
            Technique::OrderedSubset => "ordered subset",
            Technique::XWing => "X-wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string kite",
            Technique::XyWing => "XY-wing",
            Technique::EmptyRectangle => "empty rectangle",
            Technique::XyzWing => "XYZ-wing",
            Technique::WWing => "W-wing",
            Technique::FinnedXWing => "finned X-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::NakedQuad => "naked quad",
            Technique::SueDeCoq => "Sue de Coq",
            Technique::Jellyfish => "jellyfish",
            Technique::FinnedSwordfish => "finned swordfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::WxyzWing => "WXYZ-wing",
            Technique::FinnedJellyfish => "finned jellyfish",
            Technique::BugPlusOne => "BUG+1",
            Technique::FrankenFish => "Franken fish",
            Technique::MutantFish => "mutant fish",
            Technique::SimpleColours => "simple colours",
            Technique::MultiColours => "multi colours",
            Technique::AlsXz => "ALS-XZ",
            Technique::AlsXyWing => "ALS-XY-wing",
            Technique::XChain => "X-chain",
            Technique::XyChain => "XY-chain",
            Technique::AlsChain => "ALS chain",
            Technique::DeathBlossom => "death blossom",
            Technique::Aic => "alternating inference chain",
            Technique::Nishio => "nishio",
            Technique::ForcingChain => "forcing chain",
            Technique::DynamicForcingChain => "dynamic forcing chain",
        }
    }

    /// True for the techniques that read relations (they find nothing in classic puzzles).
    pub const fn uses_relations(self) -> bool {
        matches!(
            self,
            Technique::ChainBound
                | Technique::RelationBound
                | Technique::HouseBound
                | Technique::OrderedSubset
        )
    }

    /// True for the techniques that read markers or the negative constraint (they find
    /// nothing in puzzles without them).
    pub const fn uses_markers(self) -> bool {
        matches!(
            self,
            Technique::MarkerBound | Technique::NegativeBound | Technique::MarkerPair
        )
    }

    /// True for the techniques that hold only when the puzzle has one solution (a unique
    /// rectangle, BUG+1): [`Techniques::ALL`] leaves them out.
    pub const fn relies_on_uniqueness(self) -> bool {
        matches!(self, Technique::UniqueRectangle | Technique::BugPlusOne)
    }

    /// True for the techniques a grade takes: those of Sudoku Explainer, whose scale the
    /// score keeps, and the relation and marker techniques (which SE has not). SE has no
    /// skyscraper, kite, empty rectangle, W-wing, finned, Franken or mutant fish, colours,
    /// WXYZ-wing, Sue de Coq or almost locked sets: it proves their steps with its chains and forcing chains
    /// and rates them by those chains' length. A grade that took them — cheaper on our scale
    /// than the chains SE needs, and taken first — put puzzles SE rates 6.6 to 9.0 at one
    /// score (Spearman ρ against SE 0.957 / 0.947 on the rated Kaggle sets, tuned / held
    /// out; 0.972 / 0.973 without them). Hints, the explanations and the `logic` engine use
    /// them all: they are what a person looks for.
    pub const fn graded(self) -> bool {
        use Technique as T;
        !matches!(
            self,
            T::Skyscraper
                | T::TwoStringKite
                | T::EmptyRectangle
                | T::WWing
                | T::FinnedXWing
                | T::FinnedSwordfish
                | T::FinnedJellyfish
                | T::FrankenFish
                | T::MutantFish
                | T::SueDeCoq
                | T::SimpleColours
                | T::MultiColours
                | T::WxyzWing
                | T::AlsXz
                | T::AlsXyWing
                | T::AlsChain
                | T::DeathBlossom
        )
    }

    /// The number of cells, digits or lines of a subset or fish (2 for pairs and X-wings,
    /// 3 for triples and swordfish, 4 for quads and jellyfish); 0 for other techniques.
    pub const fn size(self) -> usize {
        use Technique as T;
        match self {
            T::NakedPair | T::HiddenPair | T::DirectHiddenPair | T::XWing | T::FinnedXWing => 2,
            T::NakedTriple
            | T::HiddenTriple
            | T::DirectHiddenTriple
            | T::Swordfish
            | T::FinnedSwordfish => 3,
            T::NakedQuad | T::HiddenQuad | T::Jellyfish | T::FinnedJellyfish => 4,
            _ => 0,
        }
    }
}

/// Which techniques a solver may use, and in which form its chains.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Techniques {
    set: [bool; Technique::COUNT],
    explainer_forms: bool,
}

impl Techniques {
    /// Every technique that holds whatever the number of solutions: all but those that rely
    /// on uniqueness ([`Technique::relies_on_uniqueness`]), which a caller adds with
    /// [`Techniques::with_uniqueness`] once it knows the puzzle has one solution. Leaving
    /// them out by default keeps every caller that does not know (the `logic` engine's
    /// search, whose boards are guesses of puzzles of any number of solutions) sound.
    pub const ALL: Techniques = {
        let mut set = [true; Technique::COUNT];
        let mut i = 0;
        while i < Technique::COUNT {
            set[i] = !Technique::ALL[i].relies_on_uniqueness();
            i += 1;
        }
        Techniques {
            set,
            explainer_forms: false,
        }
    };

    /// The techniques a grade takes ([`Technique::graded`]), none that relies on uniqueness,
    /// with chains and rectangles as Sudoku Explainer has them
    /// ([`Techniques::explainer_forms`]): the score on Sudoku Explainer's scale.
    pub const GRADED: Techniques = {
        let mut set = Techniques::ALL.set;
        let mut i = 0;
        while i < Technique::COUNT {
            set[i] = set[i] && Technique::ALL[i].graded();
            i += 1;
        }
        Techniques {
            set,
            explainer_forms: true,
        }
    };

    /// These techniques and the uniqueness techniques rated no higher than the hardest of
    /// them: for the grade and the hints of a puzzle known to have one solution.
    pub fn with_uniqueness(self) -> Techniques {
        let ceiling = Technique::ALL
            .into_iter()
            .filter(|&t| self.contains(t))
            .map(Technique::rating)
            .max()
            .unwrap_or(0);
        let mut set = self;
        for t in Technique::ALL {
            if t.relies_on_uniqueness() && t.rating() <= ceiling {
                set.set[t as usize] = true;
            }
        }
        set
    }

    /// True when some technique of the set relies on the puzzle having one solution.
    pub fn assumes_uniqueness(self) -> bool {
        Technique::ALL
            .into_iter()
            .any(|t| t.relies_on_uniqueness() && self.contains(t))
    }

    /// The singles only (full house, hidden and naked single).
    pub fn singles() -> Techniques {
        Techniques::only(&[
            Technique::FullHouse,
            Technique::HiddenSingle,
            Technique::NakedSingle,
        ])
    }

    /// The techniques of `list` (a uniqueness technique only when listed).
    pub fn only(list: &[Technique]) -> Techniques {
        Techniques::matching(|t| list.contains(&t))
    }

    /// The techniques rated at most `rating` tenths (none that relies on uniqueness: see
    /// [`Techniques::with_uniqueness`]).
    pub fn up_to(rating: u32) -> Techniques {
        Techniques::matching(|t| t.rating() <= rating && !t.relies_on_uniqueness())
    }

    fn matching(keep: impl Fn(Technique) -> bool) -> Techniques {
        Techniques {
            set: Technique::ALL.map(keep),
            explainer_forms: false,
        }
    }

    /// These techniques but the Franken and mutant fish, nishio and the forcing chains (the
    /// assumptions of every candidate, and fish searches of up to 100,000 nodes that never
    /// pay after the AIC on the hardest sets: a search that guesses has a cheaper look-ahead
    /// of its own).
    pub fn without_forcing(self) -> Techniques {
        Techniques {
            explainer_forms: self.explainer_forms,
            ..Techniques::matching(|t| {
                self.contains(t) && t.rating() < Technique::FrankenFish.rating()
            })
        }
    }

    /// The techniques of both sets, with Sudoku Explainer's chains if either has them.
    pub fn within(self, other: Techniques) -> Techniques {
        Techniques {
            explainer_forms: self.explainer_forms || other.explainer_forms,
            ..Techniques::matching(|t| self.contains(t) && other.contains(t))
        }
    }

    pub fn contains(self, technique: Technique) -> bool {
        self.set[technique as usize]
    }

    /// True when chains and rectangles take Sudoku Explainer's forms (the
    /// [`Techniques::GRADED`] set), for a score on SE's scale: AICs of single cells (no
    /// groups); XY-chains only as loops (its Y-cycles; it proves what an open XY-chain does
    /// by a forcing chain, rated as an AIC); a loop removes what SE's cycle removes (a digit
    /// from a cell outside the loop that sees a true and a false node of it, nothing in the
    /// loop's cells), and the chain taken is the one SE rates lowest (a loop before an open
    /// chain of as many nodes); unique rectangles of SE's types 1–4 only (no hidden or
    /// avoidable rectangle, no type 6). SE's path follows from its steps: a grade that took
    /// what SE has not, or removed more, rated puzzles lower than SE. Spearman ρ against SE
    /// on the diabolical sets (tuned / held out), chains only 0.932 / 0.934, with the loops'
    /// removals and the rectangles 0.995 / 0.976; Kaggle's 0.999 / 0.998
    /// (benches/data/rated/README.md). Hints and explanations keep every form: what a person
    /// looks for.
    pub fn explainer_forms(self) -> bool {
        self.explainer_forms
    }
}
