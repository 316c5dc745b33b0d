import FuzzDriver

runFuzzer { data, size in fuzzReceipts(data, size) }
