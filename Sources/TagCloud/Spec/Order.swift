extension Cloud {
    /// The order chips are drawn in: `order: weight`, or `order: {by: shuffle, seed: 7}`.
    ///
    /// Sorting is stable: tags that compare equal keep their order in the spec. See
    /// ``ChipOrder`` for how each order is made.
    public struct Order: Sendable, Hashable {
        /// What the chips are ordered by.
        public var by: Criterion?
        /// Whether the order runs from the largest (heaviest, last in the alphabet) down; by
        /// default `true` for ``Criterion/weight`` and `false` otherwise. Ignored by
        /// ``Criterion/given`` and ``Criterion/shuffle``.
        public var descending: Bool?
        /// The seed of ``Criterion/shuffle``: the same seed gives the same order on every machine.
        public var seed: Int?

        /// Makes an order; what is not given is left to the default.
        ///
        /// - Parameters:
        ///   - by: What to order by.
        ///   - descending: Whether to start from the largest.
        ///   - seed: The seed of a shuffle.
        public init(by: Criterion? = nil, descending: Bool? = nil, seed: Int? = nil) {
            self.by = by
            self.descending = descending
            self.seed = seed
        }

        /// What chips can be ordered by.
        public enum Criterion: String, Sendable, CaseIterable {
            /// The order of the tags in the spec.
            case given
            /// The tags' weights (a tag without one counts as 1, as for font sizes).
            case weight
            /// The tags' texts, by the Unicode collation of the spec's `locale`.
            case name
            /// A seeded shuffle, the same on every machine for the same seed.
            case shuffle
        }

        struct Keys: Sendable {
            let by = SpecKey("by", \Order.by, .name, default: KeyDefault(Criterion.given),
                             doc: "`given` (the spec's order), `weight`, `name` (Unicode collation for `locale`) or `shuffle`.")
            let descending = SpecKey("descending", \Order.descending, .bool,
                                     defaultDoc: "`true` for `weight`, else `false`",
                                     doc: "Start from the heaviest tag, or the end of the alphabet. Ties keep the spec's order.")
            let seed = SpecKey("seed", \Order.seed, .integer(0...Order.largestSeed), default: KeyDefault(0),
                               option: "seed", valueName: "number",
                               doc: "The seed of `shuffle` (a PCG32 generator of the project's own): the same seed gives the same order on every machine.")
        }
        static let keys = KeyTable<Order>(reflecting: fields)
        static let fields = Keys()

        /// The largest seed: 2³² − 1, as NumPy's (and so Python wordcloud's `random_state`).
        public static let largestSeed = 4_294_967_295
    }
}

extension Cloud.Order.Criterion: SpecName {}
