public import Foundation
public import LayoutKit

// Modifiers about touch, the pointer, selection and assistive technology's reading of a screen:
// SwiftUI's, with its signatures, so that chip code written for an app renders unchanged. A picture
// is neither touched nor scrolled, so they change nothing that is drawn, and each returns the view
// as it is (the same type: no node is added). Modifiers that do change a picture (`transition`,
// `shadow`, `disabled` on a control) are not among them.

/// The traits assistive technology reports for a view (SwiftUI's `AccessibilityTraits`): kept for
/// source compatibility; a picture reports none.
public struct AccessibilityTraits: OptionSet, Sendable {
    /// The traits as bits.
    public let rawValue: UInt32
    /// Traits from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A button.
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    /// A heading.
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    /// Selected.
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    /// A link.
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    /// An image.
    public static let isImage = AccessibilityTraits(rawValue: 1 << 4)
    /// Text that does not change.
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 5)
    /// A summary of the screen.
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 6)
    /// A toggle.
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 7)
    /// A value that changes often.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 8)
    /// A search field.
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 9)
    /// A modal view.
    public static let isModal = AccessibilityTraits(rawValue: 1 << 10)
    /// Plays its own sound.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 11)
    /// A key of a keyboard.
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 12)
    /// Starts playing media.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 13)
    /// Takes touches directly.
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 14)
    /// Turns a page when read to its end.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 15)
    /// A tab bar.
    public static let isTabBar = AccessibilityTraits(rawValue: 1 << 16)
}

/// The kinds of shape ``View/contentShape(_:_:eoFill:)`` sets (SwiftUI's `ContentShapeKinds`).
public struct ContentShapeKinds: OptionSet, Sendable {
    /// The kinds as bits.
    public let rawValue: Int
    /// Kinds from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Touches and clicks.
    public static let interaction = ContentShapeKinds(rawValue: 1 << 0)
    /// A drag's preview.
    public static let dragPreview = ContentShapeKinds(rawValue: 1 << 1)
    /// A context menu's preview.
    public static let contextMenuPreview = ContentShapeKinds(rawValue: 1 << 2)
    /// The pointer's hover effect.
    public static let hoverEffect = ContentShapeKinds(rawValue: 1 << 3)
    /// The focus effect.
    public static let focusEffect = ContentShapeKinds(rawValue: 1 << 4)
    /// Assistive technology's frame.
    public static let accessibility = ContentShapeKinds(rawValue: 1 << 5)
}

/// How a view's children are presented to assistive technology (SwiftUI's
/// `AccessibilityChildBehavior`).
public struct AccessibilityChildBehavior: Hashable, Sendable {
    let name: String

    /// The children are hidden; the view is one element.
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    /// The children are the view's elements.
    public static let contain = AccessibilityChildBehavior(name: "contain")
    /// The children's labels are joined into one element.
    public static let combine = AccessibilityChildBehavior(name: "combine")
}

/// Whether the user can select a text (SwiftUI's `TextSelectability`).
public struct TextSelectability: Sendable {
    let isEnabled: Bool

    /// The text can be selected.
    public static let enabled = TextSelectability(isEnabled: true)
    /// The text cannot be selected.
    public static let disabled = TextSelectability(isEnabled: false)
}

/// The regions of the safe area (SwiftUI's `SafeAreaRegions`): a picture has no safe area.
public struct SafeAreaRegions: OptionSet, Sendable {
    /// The regions as bits.
    public let rawValue: UInt8
    /// Regions from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The area bars and the screen's edges take.
    public static let container = SafeAreaRegions(rawValue: 1 << 0)
    /// The area the keyboard takes.
    public static let keyboard = SafeAreaRegions(rawValue: 1 << 1)
    /// Every region.
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
    /// Runs an action when the view is tapped (SwiftUI's `onTapGesture(count:perform:)`): a
    /// picture is never tapped, so the action never runs and nothing is drawn differently.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> Self { self }

    /// Runs an action with the tap's location (SwiftUI's `onTapGesture(count:coordinateSpace:perform:)`):
    /// never in a picture.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local,
                             perform action: @escaping (CGPoint) -> Void) -> Self { self }

    /// Runs an action on a long press (SwiftUI's
    /// `onLongPressGesture(minimumDuration:maximumDistance:perform:onPressingChanged:)`): never in
    /// a picture.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> Self { self }

    /// Runs an action on a long press (SwiftUI's older
    /// `onLongPressGesture(minimumDuration:maximumDistance:pressing:perform:)`): never in a picture.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, pressing: ((Bool) -> Void)?,
                                   perform action: @escaping () -> Void) -> Self { self }

    /// Whether the view takes touches (SwiftUI's `allowsHitTesting(_:)`): nothing to draw.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func allowsHitTesting(_ enabled: Bool) -> Self { self }

    /// The shape that takes touches (SwiftUI's `contentShape(_:eoFill:)`): nothing to draw.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> Self { self }

    /// The shape of some kinds of interaction (SwiftUI's `contentShape(_:_:eoFill:)`).
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func contentShape<S: Shape>(_ kinds: ContentShapeKinds, _ shape: S, eoFill: Bool = false) -> Self { self }

    /// Whether the user can select the view's text (SwiftUI's `textSelection(_:)`). The SVG's
    /// labels are selectable text in any case.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func textSelection(_ selectability: TextSelectability) -> Self { self }

    /// Lets the view extend into the safe area (SwiftUI's `ignoresSafeArea(_:edges:)`): a picture
    /// has none.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }

    /// Lets the view extend into the safe area (SwiftUI's older `edgesIgnoringSafeArea(_:)`).
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { self }

    /// Adds traits for assistive technology (SwiftUI's `accessibilityAddTraits(_:)`); a picture
    /// reports none (a cloud's chips are a list of links in SVG and HTML by their roles).
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> Self { self }

    /// Removes traits for assistive technology (SwiftUI's `accessibilityRemoveTraits(_:)`).
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> Self { self }

    /// How the view's children are read (SwiftUI's `accessibilityElement(children:)`).
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> Self { self }

    /// A hint read after the view's label (SwiftUI's `accessibilityHint(_:)`).
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> Self { self }

    /// A hint read after the view's label, as a text.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func accessibilityHint(_ hint: Text) -> Self { self }

    /// A hint read after the view's label, by its key.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func accessibilityHint(_ hint: LocalizedStringKey) -> Self { self }

    /// A value read after the view's label (SwiftUI's `accessibilityValue(_:)`).
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> Self { self }

    /// A value read after the view's label, as a text.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func accessibilityValue(_ value: Text) -> Self { self }

    /// A value read after the view's label, by its key.
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func accessibilityValue(_ value: LocalizedStringKey) -> Self { self }

    /// Hides the view from assistive technology (SwiftUI's `accessibilityHidden(_:)`): the SVG and
    /// PDF a picture makes name only what carries a label (``accessibilityLabel(_:)-(String)``).
    ///
    /// - Returns: The view, unchanged.
    @inlinable
    public func accessibilityHidden(_ hidden: Bool) -> Self { self }
}
