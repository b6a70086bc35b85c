"""Annotate: the language stage.  One spaCy pass per article, then the taggers that read it.

``annotate`` turns ``Article`` objects into ``AnnotatedArticle`` objects: sentences
(never crossing a paragraph break), named-entity mentions, time expressions, quotes and
figures.  The spaCy ``Doc`` lives only inside this stage; later stages see plain data.
With ``processes`` > 1 whole articles are annotated in worker processes, each with its own
pipeline, and only the plain results travel back: the taggers run in parallel too, and a
``Doc`` is never pickled.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice

from threadpoolctl import threadpool_limits

from storyline.annotate.claims import find_claims
from storyline.annotate.lasting_heap import keep_freed_memory
from storyline.annotate.nlp import mentions_of, parse, sentences_of
from storyline.annotate.quotes import find_quotes
from storyline.annotate.worker_lifetime import bind_to_parent, end_workers
from storyline.annotate.temporal import TemporalTagger
from storyline.model import AnnotatedArticle, Article
from storyline.resources import Resources
from storyline.timing import StageTimes

#: bump when an annotator changes its output, so stored annotations are redone (also when the pinned spaCy
#: changes what it gives: "10" is spaCy 3.8.7, whose lemmatizer gives "hope" for "hoping" where 3.8.18 gave "hop";
#: "11" parses texts over 20,000 characters in paragraph pieces, nlp.parse; "12" reads "have been -ing" as past;
#: "13" puts a time after "since" before the clause's own; "14" looks ahead to an awaited "Friday's rally";
#: "15" dates "Black Friday" and "the Fourth of July", and leaves "Black Monday" unknown; "16" sees no date in
#: "the Sunday Times" or "the Good Friday Agreement"; "17" none in "the Winter Olympics" either; "18" keeps the
#: day of "Monday 21 February 2011 16.58 GMT"; "19" counts a text's own date written out as told from its DCT;
#: "20" reads "the 90s" as the 1990s, "59.9% APR." as no month and "the Daily Telegraph" as no SET; "21" reads
#: "the 1800s" as the century and "1000s of people" as no date; "22" gives "between August and September 2005"
#: its year; "23" reads a date under "since" as past ("his third trip since the explosion on April 20"); "24"
#: keeps a clause that says "will" out of a history's far year; "25" tags "490 BC" and "AD 476";
#: "26" "the twentieth century" and "the 18th and 19th centuries"; "27" "149 B.C" without its last dot; "28"
#: keeps "his 21st century heirs" and reads "the third century BC" as BC02; "29" tags "at month's end";
#: "30" "at 10:57"; "31" "at 2:30 this afternoon" as 14:30; "32" "end-2012"; "33" gives
#: "between April 16 and May 28 2004" its year; "34" keeps a year after "since" out of the story's year;
#: "35" dates "the September 11 attacks" 2001-09-11; "36" "May Day" May 1; "37" tags "the late nineteenth
#: century", "the fifties and sixties", "14.04.1889" and "1997-8"; "38" gives "The next day, Jan. 28" the date
#: beside it; "39" sees no year in "2011-14:00:00 ET"; "40" reads "was found to be infected on Saturday" as past;
#: "41" "said Wednesday's attacks would be investigated" as past; "42" "is due on November 6" as ahead; "43" keeps
#: "the election of 1980" out of the story's year and lets "the spring of 1915" set it; "44" reads "continues
#: until September" as ahead; "45" reads "6.30 p.m." and sees no autumn in "the fall-out"; "46" keeps a far
#: year in brackets, "(Random House, 2008)", out of the story's year; "47" also one whose bracket wraps a line;
#: "48" reads "1900 GMT" as a clock, not the year 1900, and no past clock takes a day after the DCT; "49" keeps
#: "Friedman's 1960 book" out of the story's year and dates "after seeking treatment on Thursday" behind; "50"
#: sees "by Sunday's kickoff" ahead and "was expected to land Wednesday" on the nearest Wednesday; "51" reads
#: "every summer" as a set; "52" "for some years" as a duration; "53" "at 2000 (0000 GMT)" as a clock and a
#: conversion spaced inside its bracket as no clock; "54" "11pm on Sunday 17 March" as one expression; "55"
#: joins "Sep 24, 2019 12:01 IST" into one TIME, reads "17/07/2019" and a page's own "08/07/19" day first; "56"
#: reads "this summer" within eight months, "this Friday" in a past clause as this week's, "hoped to return
#: Friday" as the nearest Friday; "57" tags "22½ years", "two summers ago", "at 02.51 hr", "07:30 IST" and
#: "6am Friday morning" whole; "58" tags a bare plural unit as a span: "days after", "Hours later", "weeks of";
#: "59" joins "Thu Apr 30 , 2009 4:32 pm EDT", "05:27 GMT, Tuesday, 27 September 2011" and "10 May 2009 14.27 BST"
#: into one TIME each, reads "will have spilled" as ahead, "since the uprising began in March" as behind and "a
#: decade ago" as a year; "60" reads "five or six days" as one span of open length, "8 hrs ago" and "10:14 UK";
#: "61" tags each year of "in 1860, 1770 and 1761", an adverb "overnight", "Q3" and "rage at decades of"; "62"
#: reads "said that Sunday's elections will" without "that", "Tuesday 's" as a possessive, and lets no day "since"
#: names become the day the text goes on to tell; "63" reads a caption's "rebels move on the town on Saturday" as
#: the nearest Saturday, a timetable's "comes into force on Saturday" still as the next; "64" leaves out a quoted
#: turn's “Now,”, "now-sold" and "six of the past seven contests"; "65" reads "a half-hour", "half an hour" and "a
#: quarter-century", and joins "Friday, April 1 at noon" and "Tuesday midnight" into one TIME each; "66" tags a bare
#: season that describes or is described, "the UK winter freeze", "a harsh winter", but not "(for) summer camp";
#: "67" tags a bare plural unit before "of" after any word that does not count or pick it out: "follows months of";
#: "68" tags "over the years" and "all these years"; "69" leaves out a "daily" that is a newspaper, "business daily
#: Les Echos", "the daily said"; "70" leaves out a time word alone in quotation marks, the ''Today'' show; "71"
#: reads the simple present after "if", "unless", "once", "until" or "before" as ahead: "if he wins in November";
#: "72" tags "in past years" and "the past months" whole, PAST_REF as TimeBank does; "73" reads a plan told in the
#: past perfect as behind: "had planned this trip in March"; "74" reads a supposition under "would" as ahead: "how he
#: would fare if he won the election on Nov. 8"; "75" leaves out a capitalised time word inside a name or a quoted
#: title, "Hope For Haiti Now", ''This Week'', and a "current" that is a noun or a predicate; "76" reads a Sunday
#: paper's "this week" in a clause that is not past as the week it opens; "77" keeps the end of a span still ahead,
#: "a contract until 2025", from becoming the time the text goes on to tell; "78" reads a weekday inside "ahead of"
#: as after the clause's own day: "arrived on Sunday, ahead of the summit scheduled for this Tuesday"; "79" reads
#: "(the) years to come" as a span of unsaid length, like "the years ahead"; "80" tags "weeklong" and "hourlong" as
#: "week-long" is, leaves the length of "a weeks-long strike" unsaid and reads "the very near future"; "81" ends a
#: range a past clause ran in the past ("a poll taken from May 13 through Sunday") and after its start, and reads
#: "ABC's This Week", "USA Today" and quoted programme titles as names; "82" reads "Friday nights" as a recurrence;
#: "83" tags "with only days to go" as a span; "84" reads "the same month last year" whole, a month that ends a pair
#: after the first ("December and January") and "Sept.11, 2001"; "85" keeps a date that opens a quoted title, the
#: "Christmas Offensive", as version 84 had not; "86" tags a narrator's sentence-opening "Now," as the present;
#: "87" writes two or more decades and centuries in their own unit, P2DE and PXCE, not P20Y and PXY; "88" tags "the day
#: before" that ends a comparison or stands beside a date ("Oct. 12, the day before the plunge"); "89" reads "at this
#: time" as the present; "90" reads "the day's results" as the day the text is about; "91" tags "by late morning" and
#: "mid afternoon" as that part of the day in focus; "92" ends a dashed range before any word, "Feb. 15-17 among";
#: "93" reads "since 9/11" as the attacks' day and a date written with escaped slashes, "9\/11\/2001"; "94" names a
#: winter by the year of its December unless it is the one under way; "95" reads a date after "effective" ahead; "96"
#: tags any ordinal day of a running event, "the eighth day of", "on the 88th day", "for a third straight day"; "97"
#: reads a weekday a main clause could not or would not do something on as past ("could not be reached Wednesday",
#: "wouldn't budge Friday"); "98" reads "the present day", "the present moment" and "at this moment" as the present;
#: "99" reads a weekday a sentence not told in the past heads into as ahead ("Heading into Tuesday's primary", "on the
#: eve of Sunday's vote"); "100" tags "pre-dawn", "by nightfall", "before sunrise" and "at dawn" as that part of the day
#: in focus; "101" reads a weekend paper's "this past week" as the week now ending; "102" tags "every single day" as a
#: recurrence and reads "will one day" as some day to come; "103" reads "Fox News Sunday" and "CBS This Morning" as
#: programmes; "104" reads "a poll of 2047 registered voters" as a count; "105" keeps a year near the DCT after "of"
#: ("matches of 2006 men's volleyball World Championships") and dates "a second straight day" in an article naming no
#: day; "106" reads an infinitive after a feeling as past as it ("were surprised to see a sign on Friday night") and
#: what someone is confirmed to take part in as ahead; "107" reads a day of the month spelt out, "the first of June
#: 2009"; "108" leaves a quotation's opening “Now, untagged at the start of a paragraph too; "109" reads a count of
#: time capitalised in running text as a title, the film "13 Hours", CBS's "60 Minutes"; "110" tags "the next
#: fortnight" and "the past fortnight" as two weeks; "111" gives a passive after "being" the tense of the verb it follows,
#: "are facing being cut off for winter"; "112" reads "two decades ago" as a decade; "113" reads a weekday
#: owning a planned event ("Friday's planned protests") as the nearest such day; "114" reads "June , 2009" with a
#: tokenized comma and tags "the night of April 18, 1775" as one TIME with its part of the day; "115" leaves "the end
#: of the week-long assembly" to the assembly's length; "116" tags a count with an adjective before its unit, "two
#: bloody weeks", "a few frantic weeks"; "117" reads a clock's weekday with the month and day after it, "12:23 a.m.
#: EDT, Saturday Sept. 4, 2010"; "118" tags "this time of year" as the month of writing; "119" reads a weekday that
#: closes a past range a weekday opened as after it, "taken Thursday through Monday"; "120" reads a weekday dating an
#: event someone calls for or prepares for as the nearest such day, "calling for a protest Thursday"; "121" reads a
#: bare "September 11", written after 2001 and away from September, as the attacks' day; "122" reads "09:43 UK time"
#: as one clock, which then takes the date written after it; "123" reads a weekday a past hope looked ahead to with
#: "could" or "would" as the nearest, "hoped that one of them could return home on Tuesday"; "124" tags "October of
#: that year" as one month in the year the text tells of; "125" reads "in a week's time" as the week that far ahead;
#: "126" dates "by early afternoon" on the DCT when the day last named is far from it and sentences back; "127" leaves
#: shares ("a quarter of China's users"), paces ("a day-by-day summary") and ages ("only weeks old") untagged; "128"
#: leaves a day named right after "sunrise" or "a second day" to that day alone, "after sunrise on Wednesday"; "129"
#: does not read a date of an event that "after" or "following" puts first as the clause's future, "would create a
#: zone after the April 20 blowout"; "130" reads a lower-case "may" between a day and a year, "1 may , 2009"; "131"
#: tags "the first quarter of the year" as one quarter; "132" reads a weekday dating what "until" waits for as ahead,
#: "deferred until a second summit on Wednesday"; "133" tags "the month of June" as June; "134" leaves "annually"
#: after a growth rate untagged, "rise 8.5% annually", as TimeBank does; "135" leaves "today's world", "today's youth"
#: untagged, as TimeBank and AQUAINT do; "136" reads a weekday that a simple past went "ahead of" as the nearest;
#: "137" reads the month or day of a ballot not told in the past as ahead, "before the November election"; "138"
#: leaves a resolution's or a flight's number untagged, "Resolution 1973"; "139" tags "Sept. 19 of this year" as one
#: date; "140" keeps "136" to a weekday after "on", so that "turned nasty ahead of Tuesday's primary" still looks ahead;
#: "141" leaves award titles ("Person of the Year"), school years ("Year Six") and an adjectival "the future" untagged;
#: "142" reads "the current financial quarter" as a quarter; "143" reads "November's general election" as ahead and a
#: weekday a past "prepared to" looked to as the nearest; "144" reads "the next decade" as ten years, tags "minute-long",
#: leaves "a" out of "a week-long strike" and "now and then" untagged; "145" reads "ahead of the Iowa caucuses on Monday"
#: as inside "ahead of" however the parser hangs it, and "holds its primary Tuesday" as a timetable; "146" reads a
#: weekday of an event that "after" or "because of" puts first as the nearest, "because of the slaying on Friday";
#: "147" dates a weekday right before its clause's main verb by that verb, "Clinton on Friday only further muddled";
#: "148" reads a weekday owning a vote or a meeting, or an event "after" puts first, in a clause not told in the past as
#: the nearest, and one owning a vote in a future clause as ahead; "149" reads "last Oct. 23" and "next March 31" as days
#: the word before points back or ahead; "150" reads "for months to allow", "in years to", "the 80’s", "yearslong" and
#: "the Sept. 11 memorial"; "151" lets a "now" outside quotation marks bring a story back from a far year, reads "that
#: November" in the year last told of, a timetable's "ends in June" ahead, "said in March" and "said on Friday" as the
#: saying's, "Monday's encounter" as an event held, and "spent months"; "152" leaves "the quarter-finals", "the fall
#: out" and a player named "Nick Easter"; "153" counts a past "a day earlier" from the last day told that has happened,
#: not from a planned day ahead; "154" puts the date of a mishap no one schedules ("the April 20 explosion") behind the
#: writing; "155" reads "for months, if not years" as two spans, and "at 0400" and a live page's "0911 :" as clocks;
#: "156" keeps a second "ahead of Saturday's" on the Saturday the sentence named, reads "rocked … shortly before
#: midnight Thursday" as past, and leaves a tokenized quoted title (" This Week . ") and "a minute chance"; "157" reads
#: the BBC's "05 February 12 01:10 GMT", "25 June that year" and a summit prepared for, and leaves "37 years of age", "a
#: day trip", "a day to day basis" and Father Christmas; "158" reads "the early morning of March 23 2003" as one TIME,
#: "Thanksgiving in 2011", a holiday's mishap ("the Boxing Day tsunami") as past, "years if not decades", "30-odd years"
#: and "the immediate future", and leaves "a quarter to half of"; "159" reads a month that an imperative dates
#: ("remember in November"), or that follows "toward", as ahead; "160" reads "21 years later" counted from the present
#: as now, "a week later than planned" as a delay, "yearend", "that fateful early morning of 20 April" and "Boxing Day ,
#: 2004"; "161" reads "1,000 years ago" whole, a futures contract's month ("Brent futures for April") as ahead, and
#: "before the weekend" as the weekend that follows; "162" keeps a timeline's "1983 : 8,000 …" and holds concerts,
#: shows, ceremonies and festivals like meetings)
ANNOTATION_VERSION = "162"

OnArticle = Callable[[Article], None]
OnError = Callable[[Article, str], None]


def annotate(
    articles: Iterable[Article],
    resources: Resources,
    batch_size: int = 32,
    on_article: OnArticle | None = None,
    processes: int = 1,
    times: StageTimes | None = None,
    on_error: OnError | None = None,
) -> Iterator[AnnotatedArticle]:
    """Annotate articles lazily, in batches through spaCy; yields them in input order.

    ``processes`` > 1 annotates batches of articles in that many worker processes;
    ``times`` (optional) collects the seconds spent in spaCy and in each annotator (summed
    over workers).  An article on which an annotator fails is reported to ``on_error`` (or
    raised, without one) and the rest goes on: one odd article must not cost a long run.
    """
    times = times or StageTimes()
    if processes > 1:
        yield from _annotate_in_workers(articles, resources, batch_size, on_article, processes, times, on_error)
        return
    tagger = TemporalTagger()
    parsed = parse(articles, resources, batch_size, on_error)
    while True:
        with times.stage("spacy"):
            item = next(parsed, None)
        if item is None:
            return
        article, doc = item
        stage = "sentences"
        try:
            with times.stage("sentences+mentions"):
                sentences = sentences_of(doc)
                mentions = mentions_of(doc, sentences)
            stage = "temporal"
            with times.stage("temporal"):
                timexes = tagger.tag(doc, article.published, sentences)
            stage = "quotes"
            with times.stage("quotes"):
                quotes = find_quotes(doc, sentences)
            stage = "claims"
            with times.stage("claims"):
                claims = find_claims(doc, sentences)
        except Exception as error:  # noqa: BLE001 - reported with the article, the run goes on
            if on_error is None:
                raise
            on_error(article, f"the {stage} annotator failed ({type(error).__name__}: {error}); "
                              "please report this with the article")
            continue
        if on_article:
            on_article(article)
        yield AnnotatedArticle(article=article, sentences=sentences, mentions=mentions,
                               timexes=timexes, quotes=quotes, claims=claims)


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells it)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def worker_count(articles: int, batch_size: int = 32) -> int:
    """One worker per available core, but no pool for less than two batches: forking costs more than it saves."""
    return max(1, min(available_cores(), articles // batch_size))


# ── worker processes ──────────────────────────────────────────────────────────────────────────────

#: batches handed to the pool per worker before the oldest result is taken back.  Results come back in
#: input order, so a slow batch (one very long article) holds up the queue; with only 2 per worker
#: the other worker ran dry behind it (925 Timeline17 articles in two workers: the workers busy 93-95 %
#: of the time, against 97-98 % with 4, 8 or 16).  A batch's results are plain data (about 1 MB for 32
#: news articles); those waiting behind a slow batch are stored once it is done.
BATCHES_AHEAD_PER_WORKER = 8


@dataclass
class _BatchResult:
    """What a worker sends back for one batch: plain data only."""

    annotated: list[AnnotatedArticle] = field(default_factory=list)
    failed: list[tuple[Article, str]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)


#: the pipeline of *this worker process*, set once by ``_start_worker`` (each worker owns one)
_worker_resources: Resources | None = None


def _start_worker(resources: Resources) -> None:
    """Keep the worker's BLAS on one thread: the pool already gives every core a worker, and a second
    BLAS thread per worker only fights the other workers for cores (128 Timeline17 articles on two
    cores annotated in 17.5 s instead of 21.5 s).  The worker also keeps the memory it frees
    (``lasting_heap``), so spaCy's large arrays do not cost fresh pages every batch."""
    global _worker_resources  # noqa: PLW0603 - per-process worker state is what a process pool gives
    bind_to_parent()
    threadpool_limits(1, user_api="blas")
    keep_freed_memory()
    _worker_resources = resources


def _annotate_batch(batch: list[Article], batch_size: int) -> _BatchResult:
    assert _worker_resources is not None, "worker started without resources"
    result = _BatchResult()
    times = StageTimes()

    def failed(article: Article, reason: str) -> None:
        result.failed.append((article, reason))

    result.annotated = list(annotate(batch, _worker_resources, batch_size, times=times, on_error=failed))
    result.seconds = dict(times.seconds)
    return result


def _annotate_in_workers(articles: Iterable[Article], resources: Resources, batch_size: int,
                         on_article: OnArticle | None, processes: int, times: StageTimes,
                         on_error: OnError | None) -> Iterator[AnnotatedArticle]:
    """Batches go to a pool of ``processes`` workers, BATCHES_AHEAD_PER_WORKER batches ahead each; results
    come back in order.

    On Linux the workers are forked after the parent has loaded the model, so they share it
    instead of loading it again; elsewhere each worker loads its own on first use.
    """
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    if method == "fork":
        resources.nlp  # noqa: B018 - load before forking, so workers inherit it
    pool = ProcessPoolExecutor(max_workers=processes, mp_context=multiprocessing.get_context(method),
                               initializer=_start_worker, initargs=(resources,))
    try:
        yield from _results_in_order(pool, articles, batch_size, on_article, processes, times, on_error)
    except BaseException:  # Ctrl-C, an error, or the consumer stopping: the workers end now, not after the queue
        end_workers(pool)
        raise
    pool.shutdown(wait=True)


def _results_in_order(pool: ProcessPoolExecutor, articles: Iterable[Article], batch_size: int,
                      on_article: OnArticle | None, processes: int, times: StageTimes,
                      on_error: OnError | None) -> Iterator[AnnotatedArticle]:
    """The pool's results, batch by batch in input order, BATCHES_AHEAD_PER_WORKER batches queued per worker."""
    source = iter(articles)
    ahead = BATCHES_AHEAD_PER_WORKER * processes
    pending: deque[Future[_BatchResult]] = deque()
    while True:
        while len(pending) < ahead:
            batch = list(islice(source, batch_size))
            if not batch:
                break
            pending.append(pool.submit(_annotate_batch, batch, batch_size))
        if not pending:
            return
        result = pending.popleft().result()
        for name, seconds in result.seconds.items():
            times.add(name, seconds)
        for article, reason in result.failed:
            if on_error is None:
                raise RuntimeError(f"annotating {article.id} failed: {reason}")
            on_error(article, reason)
        for annotated in result.annotated:
            if on_article:
                on_article(annotated.article)
            yield annotated
