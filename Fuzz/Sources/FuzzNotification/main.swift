import FuzzDriver

runFuzzer { data, size in fuzzNotification(data, size) }
