import FuzzDriver

runFuzzer { data, size in fuzzCurve448(data, size) }
