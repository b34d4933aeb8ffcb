#!/usr/bin/env python3
"""Tests of .ci/doc-examples.py: that it finds the examples, and that drift fails it."""
import importlib.util
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("doc_examples", os.path.join(HERE, "doc-examples.py"))
doc = importlib.util.module_from_spec(spec)
sys.modules["doc_examples"] = doc
spec.loader.exec_module(doc)


def holds(expected, actual):
    return doc.aligned(expected, actual) == [doc.masked(line) for line in actual]


class Matching(unittest.TestCase):
    def test_equal_output_holds(self):
        self.assertTrue(holds(["X 2 3"], ["X 2 3"]))

    def test_a_changed_line_is_drift(self):
        self.assertFalse(holds(["X 2 3"], ["X 3 2"]))

    def test_a_missing_or_extra_line_is_drift(self):
        self.assertFalse(holds(["a", "b"], ["a"]))
        self.assertFalse(holds(["a"], ["a", "b"]))

    def test_an_ellipsis_stands_for_any_lines_even_none(self):
        self.assertTrue(holds(["a", "...", "z"], ["a", "b", "c", "z"]))
        self.assertTrue(holds(["a", "...", "z"], ["a", "z"]))
        self.assertTrue(holds(["a", "  ... one entry per move ...", "z"], ["a", "b", "z"]))

    def test_an_ellipsis_does_not_excuse_drift_around_it(self):
        self.assertFalse(holds(["a", "...", "z"], ["a", "b", "y"]))
        self.assertFalse(holds(["...", "table"], ["table", "more"]))

    def test_the_diff_shows_only_the_drifted_line(self):
        written = doc.aligned(["head", "...", "line 111", "tail"], ["head", "x", "y", "line 145", "tail"])
        self.assertEqual(written, ["head", "x", "y", "line 111", "tail"])

    def test_times_and_sandbox_layers_are_masked(self):
        self.assertTrue(holds(["time: 9.326 ms (59.0 M nodes/s)"], ["time: 12.1 ms (40.2 M nodes/s)"]))
        self.assertTrue(holds(["sandbox auto: pid-namespace, landlock"], ["sandbox auto: landlock"]))
        self.assertFalse(holds(["nodes: 549946"], ["nodes: 549947"]))


class Parsing(unittest.TestCase):
    def write(self, name, text):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder, True)
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def test_indented_blocks_of_a_text_file_with_continued_commands(self):
        path = self.write("readme.txt", "Intro\n\n    $ minimax a \\\n          b\n    out 1\n\n    out 2\n\nText\n")
        [block] = doc.examples_of(path)
        [example] = block.examples
        self.assertEqual(example.command, "minimax a b")
        self.assertEqual(example.expected, ["out 1", "", "out 2"])

    def test_fenced_blocks_with_markers_and_two_commands(self):
        text = "```\n$ one\n1\n$ two\n2\n```\n\n<!-- examples: skip (a benchmark) -->\n```\n$ bench\n9 ms\n```\n"
        path = self.write("topic.md", text)
        run, skipped = doc.examples_of(path)
        self.assertEqual([(e.command, e.expected) for e in run.examples], [("one", ["1"]), ("two", ["2"])])
        self.assertEqual((run.mode, skipped.mode), ("run", "skip"))


if __name__ == "__main__":
    unittest.main()
