"""Paragraphs that describe a picture rather than state a rule.

Exports made by describing each page (Archmajesty's) put the description of an image in
the text: "The title 'ARCHMAJESTY' is rendered in a large, black, serif font. It is centered
and overlaid on a vibrant, multi-colored brushstroke…". Such a paragraph speaks the
vocabulary of how something looks (rendering, typefaces, colours, composition), never of
play. A paragraph using at least ``MIN_TERMS`` distinct words of that vocabulary is an
image description: kept apart from the rules text (its own table, shown marked, searched
only when asked for), so a quote, a snippet or a ranking never mistakes it for a rule.

One visual word is not enough ("This image is at odds with reality", "colour" in a rule
about card colours), which is why the threshold counts distinct words.
"""
from __future__ import annotations

import re

MIN_TERMS = 3
_VISUAL = re.compile(
    r"\b(rendered|rendering|depicted|depicts|depicting|illustrated|illustration|pictured|"
    r"drawn|font|fonts|typeface|serif|sans-serif|brushstrokes?|gradient|overlaid|"
    r"centered|centred|hand-painted|silhouetted?|foreground|background|backdrop|"
    r"artwork|logo|vibrant|multi-colou?red|colou?rs|hues?|shaded|shading|"
    r"watercolou?r|composition|stylized|stylised|lettering|banner)\b", re.I)


def visual_terms(text: str) -> set[str]:
    """The distinct words of the visual vocabulary in ``text`` (lower case)."""
    return {m.group(1).lower() for m in _VISUAL.finditer(text)}


def is_image_description(text: str) -> bool:
    """Whether a paragraph describes how something looks rather than how to play."""
    return len(visual_terms(text)) >= MIN_TERMS
