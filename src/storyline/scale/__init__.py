"""Scale-out: the annotation stage on a Dask cluster (``storyline build --scheduler``/``--cluster``).

``dask_run`` plans partitions of the inputs (a few files, or a range of one WARC file's records),
has the workers read and annotate them, and hands the results back to the one-process pipeline
in input order, so grouping, composing and rendering are those of a run on one machine.
"""
