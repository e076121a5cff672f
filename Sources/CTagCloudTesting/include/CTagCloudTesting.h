// CTagCloudTesting: nothing to import. The target holds one constructor (XCTestObserver.c) that
// starts TagCloudTesting's XCTest observer when the test binary loads.
#ifndef C_TAGCLOUD_TESTING_H
#define C_TAGCLOUD_TESTING_H
#endif
