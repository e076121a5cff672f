// TagCloudTesting: golden-image assertions for XCTest and Swift Testing.
import Canvas
