"""The test and bench kit: what the tests and benchmarks film and fake, never installed with the
program (`realism`: table videos as a webcam beside a real table films them, with ground truth)."""
