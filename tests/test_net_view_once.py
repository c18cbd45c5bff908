"""Issue 35: each LAN view decoded once (by the session's reader; the window's link takes it
as it is), and the public view (a watcher's, a seat's before its own view comes) made by the
rules' own function, not blanked by hand in two places."""

from __future__ import annotations

from tarneeb_desktop.net.client import DECODED
from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.rules.codec import decode_view, encode_view
from tests.test_lan_timer import quiet_link


def _state() -> GameState:
    """A game five cards into its first hand's play."""
    state = GameState.new(make_rules(), seed=4)
    state.apply("7")  # the first to speak bids, the others pass
    while state.phase == "auction":
        state.apply("pass")
    while state.phase != "play" or len(state.plays) < 5:
        state.apply(state.legal_actions()[-1])
    return state


def test_the_link_takes_the_view_the_session_decoded(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import tarneeb_desktop.net.link as link_mod

    state = _state()
    view = state.view(0)
    link = quiet_link(view)
    calls: list[object] = []
    real = link_mod.decode_view
    monkeypatch.setattr(link_mod, "decode_view", lambda d: calls.append(d) or real(d))
    later = state.clone()
    later.apply(later.legal_actions()[0])
    wire = encode_view(later.view(0))
    out: list[object] = []
    link._message({"type": "view", "seq": 9, "view": wire, DECODED: decode_view(wire)}, 0, out)
    assert calls == [] and link.view(0) == later.view(0) and link.seq == 9
    # a message without it (an older reader) is still decoded here
    link._message({"type": "view", "seq": 10, "view": wire}, 0, out)
    assert len(calls) == 1 and link.seq == 10


def test_the_public_view_hides_every_hand_and_is_the_rules_own() -> None:
    state = _state()
    view = state.view(state.turn)
    public = view.public(2)
    assert public.seat == 2 and public.hand == () and public.legal == ()
    assert public.calls == view.calls and public.trick == view.trick
    assert public.hand_sizes == view.hand_sizes and public.scores == view.scores
    link = quiet_link(state.view(0))
    assert link.view(3) == state.view(0).public(3)  # no view of seat 3 yet: the public part
