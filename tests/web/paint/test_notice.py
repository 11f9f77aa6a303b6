"""The notice bar as a frame: the message as text, never as markup; its
action's button only when there is one; closing hides it."""

from __future__ import annotations

from allfives.web.paint.notice import NOTICE, closed_notice, notice_frame
from allfives.web.paint.parts import Part


def test_a_notice_with_an_action_shows_the_message_the_action_and_the_close_button():
    frame = notice_frame("Saved <b>nothing</b> & more", "Download the saved game")
    assert frame == {NOTICE: Part(
        html='<span>Saved &lt;b&gt;nothing&lt;/b&gt; &amp; more</span>'
             '<button type="button" id="notice-action">Download the saved game</button>'
             '<button type="button" class="close" aria-label="Dismiss this message">Dismiss'
             "</button>",
        attrs=(("hidden", None),))}


def test_a_plain_notice_has_no_action_button_and_closing_hides_it():
    html = notice_frame("Offline.")[NOTICE].html or ""
    assert "notice-action" not in html and html.startswith("<span>Offline.</span>")
    assert closed_notice() == {NOTICE: Part(attrs=(("hidden", ""),))}
