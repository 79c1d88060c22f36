"""Spanish as the Towns' residents write it: Django's Spanish formats (dates, times) with the numbers of Spanish in
the United States (CLDR ``es-US``): a point before the decimals and a comma between thousands — "1,600 personas",
"$1,250.50", "0.375 pulgadas" — the same grouping as the law's own sentences ("8,611 personas"), which are written
the same in every language. Django's ``es`` (Spain) wrote "8 611" and "0,375" beside them, so that "8,611" in a
sentence read as eight point six one one."""

from django.conf.locale.es.formats import *  # noqa: F403 - Django's Spanish formats, the numbers changed below

DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
