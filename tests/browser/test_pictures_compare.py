"""The picture tests' comparison (tests/browser/pictures.py): identical
pictures pass, an edge drawn a shade differently (antialiasing) is tolerated,
a shape moved or recoloured is counted, pixel by pixel."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from . import pictures


def scene(shift: int = 0, fill: str = "black", edge: int = 128) -> Image.Image:
    """A 40x30 picture: a bar with a soft (antialiased) edge column."""
    img = Image.new("RGBA", (40, 30), "white")
    draw = ImageDraw.Draw(img)
    draw.rectangle((10 + shift, 5, 20 + shift, 25), fill=fill)
    draw.line((21 + shift, 5, 21 + shift, 25), fill=(edge, edge, edge, 255))
    return img


def png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def test_identical_pictures_differ_in_nothing():
    assert pictures.difference(scene(), scene()) == (0, None)


def test_an_antialiased_edge_a_shade_off_is_tolerated():
    changed, diff = pictures.difference(scene(edge=150), scene(edge=110))
    assert changed == 0 and diff is not None  # they differ, but only in antialiasing


def test_a_moved_or_recoloured_shape_is_counted():
    moved, _ = pictures.difference(scene(shift=3), scene())
    assert moved >= 2 * 21  # the bar's two edges each moved by three columns
    recoloured, _ = pictures.difference(scene(fill="red"), scene())
    assert recoloured == 11 * 21  # every pixel of the bar


def test_a_picture_of_another_size_is_refused():
    with pytest.raises(ValueError, match="40x30, its reference 41x30"):
        pictures.difference(scene(), Image.new("RGBA", (41, 30)))


def test_check_writes_the_new_picture_and_a_diff(tmp_path, monkeypatch):
    monkeypatch.setattr(pictures, "REFERENCES", tmp_path / "refs")
    monkeypatch.setattr(pictures, "RESULTS", tmp_path / "results")
    monkeypatch.setattr(pictures, "UPDATE", False)
    assert "no reference picture" in (pictures.check(png(scene()), "bar") or "")
    monkeypatch.setattr(pictures, "UPDATE", True)
    assert pictures.check(png(scene()), "bar") is None  # written as the reference
    monkeypatch.setattr(pictures, "UPDATE", False)
    assert pictures.check(png(scene()), "bar") is None
    said = pictures.check(png(scene(shift=3)), "bar") or ""
    assert said.startswith("bar: ") and "pixels changed" in said
    assert (tmp_path / "results" / "bar.png").exists()
    assert (tmp_path / "results" / "bar-diff.png").exists()
