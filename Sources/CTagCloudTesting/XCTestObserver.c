// Starts TagCloudTesting's XCTest observer when the test binary loads, before XCTest starts its
// first test case, so that every assertion can tell which XCTest case is running.
//
// swift-corelibs-xctest keeps the running case in an internal variable and offers no public way to
// read it; an observer added through XCTestObservationCenter learns each case as it starts, but only
// if it is added before the first one starts. Swift has no static initialisers, so this C
// constructor calls the Swift function that adds it (TagCloudTesting/Asserting/XCTestObserver.swift).

#include "CTagCloudTesting.h"

extern void tagcloud_testing_observe_xctest(void);

__attribute__((constructor)) static void tagcloud_testing_start_observing(void) {
    tagcloud_testing_observe_xctest();
}
