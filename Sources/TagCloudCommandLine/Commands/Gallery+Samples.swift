// The articles' Swift examples and animations, handed to `tagcloud samples`.
import Foundation
import Gallery
import TagCloud

/// Every example of the Gallery target as a sample for the library's samples command.
func swiftGallery() -> [SwiftSample] {
    Gallery.examples.map { example in
        SwiftSample(name: example.name, description: example.description) { example.renderer(scale: 2) }
    }
}

/// Every animation of the Gallery target as a sample for the library's samples command: an APNG
/// (at the gallery's animation scale) and an animated SVG, on white.
func swiftGalleryAnimations() -> [SwiftAnimationSample] {
    Gallery.animations.map { animation in
        SwiftAnimationSample(name: animation.name, description: animation.description) { format in try animation.data(format) }
    }
}
