// OwnThreadTrait: the body of a test that has it runs on the trait's serial queue, not on the cooperative
// pool — at its start, after a sleep, after an actor call and in a child task.

import Testing
import TestSupport

private func currentQueueLabel() -> String? { OwnThreadTrait.currentQueueTestName }

private actor Hop {
    func label() -> String? { currentQueueLabel() }
}

@Suite("OwnThreadTrait")
struct OwnThreadTraitTests {
    @Test("the body, its continuations, default actors and child tasks run on the trait's queue", .onOwnThread)
    func runsOnOwnQueue() async throws {
        let expected: String? = "runsOnOwnQueue()"
        #expect(currentQueueLabel() == expected)
        try await Task.sleep(nanoseconds: 1_000_000)
        #expect(currentQueueLabel() == expected)
        #expect(await Hop().label() == expected)
        let childLabel = await withTaskGroup(of: String?.self) { group in
            group.addTask { currentQueueLabel() }
            return await group.next() ?? nil
        }
        #expect(childLabel == expected)
    }

    @Test("without the trait a test runs on the cooperative pool")
    func withoutTrait() async {
        #expect(currentQueueLabel() == nil)
    }
}
