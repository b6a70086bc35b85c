"""Write one long made-up article of about N characters (paragraphs of news-like sentences with quotes,
dates and figures), to time a build against article size.

    python benchmarks/long_article.py 3000000 /tmp/a3mb.txt
    .venv/bin/storyline build /tmp/a3mb.txt -o /tmp/out3mb --timings --max-article-chars 10000000
"""

import random
import sys

n = int(float(sys.argv[1]))
out = sys.argv[2]
rnd = random.Random(7)
names = ["Ingrid Saltvik", "Tomas Berg", "Mara Olsen", "the council", "Eastholm officials", "the ministry"]
places = ["Maplebrook", "Kellerton", "Holmvik", "Eastholm", "the Tarn valley"]
months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October"]


def sentence(i):
    k = rnd.randrange(5)
    if k == 0:
        return (
            f'"We will reopen the bridge by {rnd.choice(months)} {rnd.randint(1, 28)}," '
            f"{rnd.choice(names)} said in {rnd.choice(places)}."
        )
    if k == 1:
        return (
            f"On {rnd.choice(months)} {rnd.randint(1, 28)}, {rnd.randint(2, 900)} residents of "
            f"{rnd.choice(places)} signed a petition about the "
            f"{rnd.choice(['bridge', 'ferry', 'orchard', 'school'])}."
        )
    if k == 2:
        return (
            f"{rnd.choice(names).capitalize()} said repairs would cost {rnd.randint(2, 90)} million euros "
            f"and take {rnd.randint(2, 30)} weeks."
        )
    if k == 3:
        return (
            f"Two days later the {rnd.choice(['mayor', 'engineers', 'growers', 'ferry operator'])} in "
            f"{rnd.choice(places)} met again to discuss item {i}."
        )
    return (
        f"The report published last {rnd.choice(['Monday', 'Tuesday', 'Friday'])} found {rnd.randint(2, 60)} "
        f"cracked girders near {rnd.choice(places)}."
    )


parts, size, i = [" date 2024-05-02\n"], 0, 0
while size < n:
    para = " ".join(sentence(i + j) for j in range(rnd.randint(3, 7)))
    i += 7
    parts.append(para + "\n\n")
    size += len(para) + 2
open(out, "w").write("".join(parts))
