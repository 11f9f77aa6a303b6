"""The standard library arrives packed (static/packed.mjs): the first worker
that unpacks it keeps it unpacked (static/boot.mjs, Cache Storage
``allfives-unpacked``, under the packed file's SHA-256, with the unpacked
copy's own), and every later start reads that copy instead of unpacking it
again; a kept copy that is not what it says is dropped, never started from."""

from __future__ import annotations

import pytest

from .browser_helpers import FIRST_LOAD_MS, open_game

# The kept copies: [url, the SHA-256 kept with it, the copy's own SHA-256].
KEPT = """async () => {
    const cache = await caches.open("allfives-unpacked");
    const hex = async (bytes) => Array.from(
        new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
        (b) => b.toString(16).padStart(2, "0")).join("");
    return Promise.all((await cache.keys()).map(async (request) => {
        const response = await cache.match(request);
        return [request.url, response.headers.get("x-allfives-unpacked-sha256"),
                await hex(await response.arrayBuffer())];
    }));
}"""
# The kept copy spoiled: its first half zeroed, its header kept; what it holds
# now, read back in the same call (a worker starting meanwhile may drop it).
SPOIL = f"""async () => {{
    const cache = await caches.open("allfives-unpacked");
    const [request] = await cache.keys();
    const response = await cache.match(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    bytes.fill(0, 0, bytes.length >> 1);
    await cache.put(request, new Response(bytes, {{headers: response.headers}}));
    return ({KEPT})();
}}"""


def kept(page: object) -> list[list[str]]:
    """The kept copies once there is one, read in the one call that saw it
    (a worker may drop a spoiled copy between two reads)."""
    found = page.wait_for_function(f"({KEPT})().then((kept) => kept.length > 0 && kept)",
                                   timeout=FIRST_LOAD_MS)
    return found.json_value()


@pytest.mark.first_visit  # a first visit unpacks and keeps it
def test_the_unpacked_standard_library_is_kept_read_again_and_dropped_when_spoiled(page, server):
    open_game(page, server, "?seed=3")
    [(url, said, own)] = kept(page)
    assert "/static/vendor/stdlib-unpacked?sha256=" in url and said == own
    # a return visit starts from it (and it stays the one kept)
    page.reload()
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    assert kept(page) == [[url, said, own]]
    # spoiled: dropped, unpacked again, kept again whole, and the game starts
    [(_, still_said, spoiled)] = page.evaluate(SPOIL)
    assert still_said == said and spoiled != said
    page.reload()
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    page.wait_for_function(f"({KEPT})().then((kept) => kept[0] && kept[0][1] === kept[0][2])",
                           timeout=FIRST_LOAD_MS)
    assert kept(page) == [[url, said, own]]
