# cython: annotation_typing=True
"""The LALR(1) parse loop of the card-text grammar: lark's analysed tables, our word lexer, the inline
AST transformer.

Why our own loop and not ``Lark.parse``: a cold pass over a card list is mostly per-token and
per-reduction overhead, and this loop pays far less of it (see :class:`Driver`). It is the hot path of
``scripts/bench_grammar.py`` and one of the modules the build compiles with Cython
(:data:`codex.cardtext.compiled.MODULES`); this source stays the reference and runs as is without it.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedToken
from lark.parse_tree_builder import ChildFilterLALR, ChildFilterLALR_NoPlaceholders
from lark.parsers.lalr_analysis import Shift

from codex.cardtext.lexer import WordLexer
from codex.cardtext.transform import TYPED_TERMINALS, ToAst, _words
from codex.cardtext import compiled as _compiled

COMPILED_FROM: str | None = None  # the build (setup.py) sets this to the source's SHA-256 when it compiles it
_compiled.use_source_if_stale(globals())

#: Reduction marker: a one-token word-class rule (``noun: "minion"``...) whose value is the token's text.
_WORD = "word"


class Driver:
    """The LALR loop over lark's analysed tables, with the word lexer inline.

    Same tables, same callbacks (the inline transformer) and the same result as ``Lark.parse``; what it
    saves is per-token and per-reduction overhead, which is most of a cold parse: lark's frontend builds a
    lexer thread, lexer state and parser state per sentence, looks each reduction's callback up by its
    ``Rule`` (a Python-level ``__hash__``/``__eq__`` per lookup) and, on a failure, scans the state's
    actions for the expected terminals. Here each table entry is pre-resolved: a shift is the next state
    (an ``int``), a reduction ``(callback, size, goto symbol)``; the expected terminals are computed once
    per state, with the tables. Two kinds of reduction need no call at all: a rule whose method returns
    its only child (``callback`` None) and a one-word word-class rule (``callback`` ``_WORD``: the value is
    the token's text, what ``ToAst._word`` returns)."""

    def __init__(self, lark: Lark, lexer: WordLexer) -> None:
        parser = lark.parser.parser.parser  # lark.parsers.lalr_parser._Parser
        table, callbacks = parser.parse_table, parser.callbacks
        self.lexer = lexer
        def reduction(rule: Any) -> tuple[Any, int, str]:
            callback, size = _lean_filter(callbacks[rule]), len(rule.expansion)
            method = getattr(callback, "__func__", None)
            if size == 1 and isinstance(getattr(callback, "__self__", None), ToAst):
                if callback.__name__ in ToAst.PASS_THROUGH:
                    callback = None  # returns its only child unchanged
                elif method is ToAst._word:
                    callback = _WORD
            return (callback, size, rule.origin.name)

        # states are numbered 0..n-1: a list indexes faster than a dict
        self.states: list[dict[str, Any]] = [{} for _ in range(max(table.states) + 1)]
        for state, actions in table.states.items():
            self.states[state] = {term: arg if action is Shift else reduction(arg)
                                  for term, (action, arg) in actions.items()}
        self.start_states = dict(table.start_states)
        self.end_states = dict(table.end_states)
        # terminals each state accepts (what a syntax error reports), computed with the tables, so every
        # parse -- the first of a process included -- pays the same for a failure
        self._expected = {state: frozenset(k for k in row if k.isupper()) for state, row in enumerate(self.states)}

    def expected(self, state: int) -> frozenset[str]:
        return self._expected[state]

    def _unexpected(self, kind: str, value: str, start: int, state: int) -> UnexpectedToken:
        """The syntax error at a token (a sentence is one line: column = offset + 1)."""
        return UnexpectedToken(Token(kind, value, start, 1, start + 1), self.expected(state))

    def parse(self, text: str, start: str) -> Any:
        """The transformer's value for a prepared sentence parsed from rule ``start``; raises lark's
        ``UnexpectedToken`` (``column`` set, ``expected`` the state's terminals) at the first bad token."""
        # the local annotations are real for the compiled build (this module is compiled with
        # annotation_typing: a list or dict local is then indexed without the generic lookup)
        states: list = self.states
        stack: list = [self.start_states[start]]
        values: list = []
        row: dict
        push_state, push_value = stack.append, values.append
        typed = TYPED_TERMINALS
        start_pos = -1
        row = states[stack[-1]]  # the actions of the current state, stack[-1]
        for kind, value, start_pos in self.lexer.tokens(text, stack, states):
            while True:
                action = row.get(kind)
                if action.__class__ is int:  # shift: the token's text, or a Token where its type matters
                    push_state(action)
                    push_value(Token(kind, value, start_pos) if kind in typed else value)
                    row = states[action]
                    break
                if action is None:
                    raise self._unexpected(kind, value, start_pos, stack[-1])
                callback, size, origin = action
                if callback is None:  # pass-through: the value stays, only the state changes
                    del stack[-1]
                elif callback is _WORD:
                    del stack[-1]
                    word = values[-1]
                    if word.__class__ is not str:
                        values[-1] = _words([word])
                elif size == 1:
                    values[-1] = callback([values[-1]])
                    del stack[-1]
                else:
                    if size:
                        children = values[-size:]
                        del stack[-size:]
                        del values[-size:]
                    else:
                        children = []
                    push_value(callback(children))
                goto = states[stack[-1]][origin]
                push_state(goto)
                row = states[goto]
        end_state = self.end_states[start]
        while True:
            action = states[stack[-1]].get("$END")
            if action is None or action.__class__ is int:
                # like lark, the end-of-input token borrows the last token's position
                raise self._unexpected("$END", "", max(start_pos, 0), stack[-1])
            callback, size, origin = action
            if callback is None:
                del stack[-1]
                value = values[-1]
            else:
                if callback is _WORD:
                    callback = _words
                if size:
                    children = values[-size:]
                    del stack[-size:]
                    del values[-size:]
                else:
                    children = []
                value = callback(children)
                push_value(value)
            push_state(states[stack[-1]][origin])
            if stack[-1] == end_state:
                return value


def _lean_filter(callback: Any) -> Any:
    """lark wraps a rule's callback in a child filter that drops anonymous tokens and inserts ``None`` for
    absent optionals, walking a list of ``(index, expand, nones)`` entries in Python for every reduction.
    When nothing is inlined (no ``_rule`` to expand) the filter is a fixed selection of children: do it
    with one ``itemgetter`` or one comprehension over a precomputed template, then call the same builder."""
    if not isinstance(callback, (ChildFilterLALR, ChildFilterLALR_NoPlaceholders)):
        return callback
    template: list[int | None] = []
    for entry in callback.to_include:
        if entry[1]:  # an inlined rule: keep lark's filter
            return callback
        template += [None] * (entry[2] if len(entry) > 2 else 0) + [entry[0]]
    template += [None] * getattr(callback, "append_none", 0)
    build = callback.node_builder
    if None in template:
        fixed = tuple(template)
        return lambda children: build([None if i is None else children[i] for i in fixed])
    if not template:
        return lambda children: build([])
    if len(template) == 1:
        only = template[0]
        return lambda children: build([children[only]])
    getter = itemgetter(*template)
    return lambda children: build(list(getter(children)))
