"""Text for the SVG figures (penalty-summary.py, validate_chart.py): names
from the user's files go in as text, never as markup."""
import re

# Characters XML 1.0 cannot hold (control characters but tab and line ends).
XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_text(name):
    """name as SVG text: '&', '<' and '>' escaped (as markup they made a
    file no viewer opened), a character XML cannot hold as U+FFFD."""
    name = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return XML_ILLEGAL.sub("\ufffd", name)
