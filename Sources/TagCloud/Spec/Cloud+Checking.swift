// Values a program set are checked as the spec's text is: the cloud is written as the tree of
// plain values the key tables encode and read back through the same decoder, so that every limit,
// name and rule has one definition (the tables), and a program's `maxRows = 0` gets the message a
// spec's `maxRows: 0` gets.

import Yams

extension Cloud {
    /// Checks every value against the key tables' rules (limits, names, colours, links, tag texts),
    /// as parsing checks a spec.
    ///
    /// A parsed cloud's tags were checked when it was read: they are not read again unless they
    /// changed since (they no longer share the storage parsing checked, ``CheckedTags``), so that
    /// a cloud of 100,000 parsed tags is not decoded a second time. The other keys are few and
    /// always read back.
    ///
    /// - Throws: The ``TagCloudError`` parsing would give for the first value that breaks a rule,
    ///   located at `Cloud` (a value that breaks a rule was set by a program: parsed values and
    ///   values set by ``setValue(_:forKeyPath:source:)`` were checked where they were written).
    /// - Complexity: O(n) in the number of tags when they changed since parsing, O(1) otherwise.
    func checkValues() throws(TagCloudError) {
        var settings = self
        if provenance.checkedTags?.isUnchanged(tags) == true { settings.tags = [] }
        let decoder = SpecDecoder(locate: { _ in SpecLocation(source: "Cloud") }, input: nil, recordsLocations: false,
                                  namesTagsByIndex: true)
        _ = try decoder.decodeDocument(settings.encodedTree().node)
    }
}

extension SpecTree {
    /// The tree as the nodes the decoder reads: strings double-quoted (text, never a number or a
    /// boolean), numbers and booleans plain, as a spec writes them; NaN and infinities as YAML's
    /// `.nan` and `.inf`, which the number rules then refuse by name.
    var node: SpecNode {
        switch self {
        case .mapping(let pairs):
            .mapping(SpecNode.Mapping(pairs: pairs.map { (SpecNode($0.0, .doubleQuoted), $0.1.node) }))
        case .sequence(let elements):
            .sequence(SpecNode.Sequence(elements: elements.map(\.node)))
        case .string(let text):
            SpecNode(text, .doubleQuoted)
        case .number(let number):
            SpecNode(number.isNaN ? ".nan" : number.isInfinite ? (number < 0 ? "-.inf" : ".inf") : Self.format(number))
        case .bool(let value):
            SpecNode(value ? "true" : "false")
        }
    }
}
