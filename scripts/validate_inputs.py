"""Inputs of scripts/validate.py: the dataset list, the papers' data files
(scenario XML, doc/scenario.md) and the testbed platforms. Every bad input
raises InputError with a one-line message naming the file and line."""
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from fractions import Fraction

from console import shown  # scripts/campaign, on the path (validate.py)


class InputError(Exception):
    """A bad input file (exit 1)."""


class UsageError(Exception):
    """A bad option (exit 2)."""


# SimGrid's suffixes that the data files and the generator's platforms use.
_SIZE = {"": 1, "B": 1, "kB": 1e3, "KiB": 1024, "MB": 1e6, "MiB": 1048576, "GB": 1e9, "GiB": 1073741824}
_BW = {"": 1, "Bps": 1, "kBps": 1e3, "KiBps": 1024, "MBps": 1e6, "MiBps": 1048576, "GBps": 1e9,
       "GiBps": 1073741824, "bps": 0.125, "kbps": 125, "Mbps": 1.25e5, "Gbps": 1.25e8}
_TIME = {"": 1, "s": 1, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}


# Largest accepted quantity: sizes are written as integers of bytes for the
# benchmark (int64), and times and bandwidths beyond it are typing errors.
_MAX = 2.0 ** 62
# Largest comm the benchmark sends (an int count of bytes, contention_bench.c):
# a larger one failed every run of its dataset instead of being refused here.
_MAX_BENCH_BYTES = 2 ** 31 - 1


def quantity(text, units, where, zero=False):
    """A positive finite number with one of the units' suffixes (0 too when
    zero is true), at most 2^62 once scaled."""
    m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?|[0-9]+\.)\s*([A-Za-z]*)\s*", text or "")
    form = (f"a {'non-negative' if zero else 'positive'} number up to 2^62 with a suffix among "
            f"{', '.join(u for u in units if u)}")
    if not m or m.group(2) not in units:
        raise InputError(f"{where}: '{text}' is not a quantity ({form})")
    v = float(m.group(1)) * units[m.group(2)]
    # (a subnormal, 1e-310 s, overflows its inverse: E_rel was inf)
    if not math.isfinite(v) or v > _MAX or (v < sys.float_info.min and not (zero and v == 0)):
        raise InputError(f"{where}: '{text}' is out of range (accepted: {form})")
    return v


class Dataset:
    def __init__(self, name, testbed, path, unit, expect_mbps, paper_predicted, paper_eabs, where, fit=""):
        self.name, self.testbed, self.path, self.unit = name, testbed, path, unit
        self.fit = fit           # the contention model's parameters fitted on this row ("": held out)
        self.expect_mbps, self.paper_predicted, self.paper_eabs = expect_mbps, paper_predicted, paper_eabs
        self.where = where
        self.comms = []          # dicts: id, src, dst, size (text), bytes, measured
        self.racks = {}          # host -> rack name (data file's <host rack=...>)
        self.bandwidth = None    # the data file's bandwidth, B/s


class Testbed:
    def __init__(self, name, platform, technology, where):
        self.name, self.platform, self.technology, self.where = name, platform, technology, where
        # TECHNOLOGY[:PARAM=VALUE...]: the name and its parameters
        self.tech_name, *pairs = technology.split(":")
        self.tech_params = []
        for pair in pairs:
            key, eq, value = pair.partition("=")
            try:
                ok = bool(eq and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) and math.isfinite(float(value)))
            except ValueError:
                ok = False
            if not ok or not self.tech_name:
                raise InputError(f"{where}: technology '{technology}' (accepted: NAME[:PARAM=NUMBER...])")
            self.tech_params.append((key, value))

    def check(self, predict):
        """The technology and its parameters as the model takes them: the
        predictor is asked, before any simulation."""
        params = []
        for key, value in self.tech_params:
            params += ["--param", f"{key}={value}"]
        try:
            # (a file, not a pipe: the predictor may refuse the options
            # before reading, and a write to a closed pipe kills a caller
            # that takes SIGPIPE's default action)
            with tempfile.NamedTemporaryFile("w", suffix=".xml") as f:
                f.write('<scenario bandwidth="1"><comm id="a" src="x" dst="y" size="1"/></scenario>\n')
                f.flush()
                p = subprocess.run([predict, "--technology", self.tech_name, "--penalties"] + params + [f.name],
                                   stdin=subprocess.DEVNULL, capture_output=True, encoding="utf-8", errors="replace",
                                   timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise InputError(f"{self.where}: technology '{self.technology}': cannot check it with {predict} ({e})")
        if p.returncode != 0:
            why = (p.stderr.strip().splitlines() or [f"exit status {p.returncode}"])[0]
            why = re.sub(r"^contention-predict: (--param: |)", "", why)
            raise InputError(f"{self.where}: technology '{shown(self.technology)}': {why}")


# The most an input file may hold: /dev/zero or a wrong file of gigabytes
# is refused at once instead of filling the memory.
MAX_BYTES = 64 << 20


def read_text(path, what):
    """The UTF-8 text of a file, or InputError naming it."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise InputError(f"{path}: cannot read {what}: {e.strerror}")
    if len(data) > MAX_BYTES:
        raise InputError(f"{path}: {what} is larger than {MAX_BYTES >> 20} MiB (accepted: UTF-8 text)")
    if data.startswith(b"\xef\xbb\xbf"):  # a byte order mark, as some editors write
        data = data[3:]
    nul = data.find(b"\0")
    if nul >= 0:
        line = data[:nul].count(b"\n") + 1
        raise InputError(f"{path}:{line}: NUL byte in the line (accepted: UTF-8 text)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: byte 0x{data[e.start]:02x} is not UTF-8 (accepted: UTF-8 text)")


def load_manifest(path, root):
    """Returns (testbeds by name, datasets in file order)."""
    testbeds, datasets = {}, []
    # Lines end at LF (CR LF too): splitlines() also ended one at a CR, a
    # form feed or U+2028, so a comment holding one had its rest read (a
    # dataset commented out ran) and the lines after it were misnumbered.
    text = read_text(path, "the dataset list")
    # (a list whose lines all end at a lone CR, classic Mac OS's, was one
    # line: a comment, "no dataset", or an entry of too many words)
    if "\r" in text and "\n" not in text:
        raise InputError(f"{path}: its lines end at a lone CR (accepted: lines ending at LF or CR LF)")
    lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    for n, line in enumerate(lines, 1):
        words = line.split("#", 1)[0].split()
        where = f"{path}:{n}"
        if not words:
            continue
        if words[0] == "testbed":
            if len(words) != 4:
                raise InputError(f"{where}: expected 'testbed NAME PLATFORM TECHNOLOGY'")
            if words[1] in testbeds:  # its datasets would run on the last one's platform
                raise InputError(f"{where}: testbed '{shown(words[1])}' is declared twice (first at "
                                 f"{testbeds[words[1]].where}); accepted: one line per testbed name")
            testbeds[words[1]] = Testbed(words[1], os.path.join(root, words[2]), words[3], where)
        elif words[0] == "dataset":
            ds = _dataset(words, where, testbeds, root)
            first = next((d for d in datasets if d.name == ds.name), None)
            if first:
                raise InputError(f"{where}: dataset '{shown(ds.name)}' is declared twice (first at {first.where}); "
                                 "accepted: one line per dataset name")
            datasets.append(ds)
        else:
            raise InputError(f"{where}: unknown entry '{shown(words[0])}' (accepted: testbed, dataset)")
    if not datasets:
        raise InputError(f"{path}: no dataset")
    known = technologies(os.path.join(root, os.environ.get("BUILD_DIR") or "build", "bin", "contention-predict"))
    if known is not None:
        for tb in testbeds.values():
            tb.check(known[1])
    for ds in datasets:
        if known is not None:
            tb = testbeds[ds.testbed]
            accepted = known[0].get(tb.tech_name, []) + list(PLATFORM_FITS)
            for name in ds.fit.split(",") if ds.fit else []:
                if name not in accepted:
                    raise InputError(f"{ds.where}: fit={ds.fit}: '{name}' is not a parameter of {tb.tech_name} or "
                                     f"of the platform (accepted: {', '.join(accepted)})")
            # First the file as a scenario (the predictor's rules and
            # messages, with line numbers), then what the validation adds.
            check_scenario(known[1], tb.tech_name, ds)
        _load_data(ds)
    return testbeds, datasets


def check_scenario(predict, technology, ds):
    """The data file as the predictor reads a scenario (doc/scenario.md):
    what validate.py does not read itself (a comm's penalties, the
    characters of a name) was accepted silently, though the file is not a
    scenario the tools take."""
    try:
        p = subprocess.run([predict, "--technology", technology, "--penalties", ds.path], stdin=subprocess.DEVNULL,
                           capture_output=True, encoding="utf-8", errors="replace", timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise InputError(f"{ds.path}: cannot check the data file of {ds.where} with {predict} ({e})")
    if p.returncode != 0:
        why = (p.stderr.strip().splitlines() or [f"exit status {p.returncode}"])[0]
        raise InputError(re.sub(r"^contention-predict: ", "", why) + f" (the data file of {ds.where})")


# Platform parameters a dataset may have been fitted on (fit=...): the
# generator's limiter factors.
PLATFORM_FITS = ("limiter", "bb-limiter")


def technologies(predict):
    """({technology: [parameter names]}, predict) from `contention-predict
    --list-technologies`, or None when the predictor is not built (the runs
    then check the technologies)."""
    if not os.access(predict, os.X_OK):
        return None
    try:
        p = subprocess.run([predict, "--list-technologies"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    techs, last = {}, None
    for line in p.stdout.splitlines():
        m = re.match(r"([A-Za-z0-9_-]+): ", line)
        if m:
            last = techs.setdefault(m.group(1), [])
        m = re.match(r"  ([A-Za-z_][A-Za-z0-9_]*) \(default ", line)
        if m and last is not None:
            last.append(m.group(1))
    return (techs, predict) if p.returncode == 0 and techs else None


def _dataset(words, where, testbeds, root):
    if len(words) < 4:
        raise InputError(f"{where}: expected 'dataset NAME TESTBED DATA-FILE [key=value...]'")
    name, testbed, data = words[1:4]
    if testbed not in testbeds:
        raise InputError(f"{where}: unknown testbed '{testbed}' (declared: {', '.join(testbeds) or 'none'})")
    opts, given = {"unit": "s"}, set()
    for w in words[4:]:
        key, eq, value = w.partition("=")
        if not eq or key not in ("unit", "expect-mbps", "paper-predicted", "paper-eabs", "fit"):
            raise InputError(f"{where}: bad option '{shown(w)}' (accepted: unit=s|tref, expect-mbps=X, "
                             "paper-predicted=T,T,..., paper-eabs=E, fit=PARAM,PARAM...)")
        if key in given:
            raise InputError(f"{where}: {key}= is given twice (accepted: each option once)")
        given.add(key)
        opts[key] = value
    if opts["unit"] not in ("s", "tref"):
        raise InputError(f"{where}: unit={opts['unit']}: accepted values are s, tref")
    mbps = _number(opts, "expect-mbps", where, "a positive number or fraction a/b", fraction=True)
    predicted = None
    if "paper-predicted" in opts:
        predicted = [_number({"paper-predicted": t}, "paper-predicted", where, "positive times T,T,...")
                     for t in opts["paper-predicted"].split(",")]
    eabs = _number(opts, "paper-eabs", where, "a non-negative percentage", zero=True)
    fit = opts.get("fit", "")
    if "fit" in opts and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*(,[A-Za-z_][A-Za-z0-9_-]*)*", fit):
        raise InputError(f"{where}: fit={fit}: accepted: parameter names separated by commas")
    twice = next((n for i, n in enumerate(fit.split(",")) if n in fit.split(",")[:i]), None) if fit else None
    if twice:
        raise InputError(f"{where}: fit={fit}: '{twice}' is given twice (accepted: each parameter once)")
    return Dataset(name, testbed, os.path.join(root, data), opts["unit"], mbps, predicted, eabs, where, fit)


def _number(opts, key, where, form, fraction=False, zero=False):
    """opts[key] as a finite positive number (or 0 when zero), None if absent."""
    if key not in opts:
        return None
    text = opts[key]
    # Decimal numbers only: Python's float() also takes '1_0' (10), ' 5'
    # and '٣', which the list's format does not, so a typo passed.
    plain = r"[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?|[0-9]+\."
    if not re.fullmatch(f"({plain})(/({plain}))?" if fraction else plain, text, re.ASCII):
        v = None
    else:
        try:
            v = float(Fraction(text)) if fraction else float(text)
        except (ValueError, ZeroDivisionError, OverflowError):
            v = None
    if v is None or not math.isfinite(v) or v > _MAX or v < 0 or (v == 0 and not zero) or 0 < v < sys.float_info.min:
        raise InputError(f"{where}: {key}={text}: accepted: {form}")
    return v


def _load_data(ds):
    text = read_text(ds.path, f"the data file of {ds.where}")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise InputError(f"{ds.path}:{e.position[0]}: not well-formed XML (accepted: a scenario, doc/scenario.md)")
    # The layout and names contention-predict accepts (doc/scenario.md): a
    # nested comm was counted, and 'n0 ' was a host other than 'n0'.
    if root.tag != "scenario":
        raise InputError(f"{ds.path}: root element <{shown(root.tag)}> (accepted: a scenario, doc/scenario.md)")
    for el in root:
        if el.tag not in ("host", "comm") or len(el):
            raise InputError(f"{ds.path}: element <{shown(el.tag)}> {'holding elements ' if len(el) else ''}in "
                             f"<scenario> (accepted: empty <host/> and <comm/> elements, doc/scenario.md)")
        for key in ("id", "rack", "src", "dst"):
            name = el.get(key)
            if name is not None and (name == "" or name != name.strip()):
                raise InputError(f"{ds.path}: <{el.tag}> attribute {key} '{shown(name)}': accepted: a name without "
                                 f"leading or trailing blanks (names are compared exactly)")
    ds.bandwidth = quantity(root.get("bandwidth"), _BW, f"{ds.path}: attribute bandwidth")
    for h in root.iter("host"):  # (a scenario's other rules, hosts' included: check_scenario)
        ds.racks[h.get("id")] = h.get("rack")
    ids = set()
    for c in root.iter("comm"):
        what = f"{ds.path}: comm '{shown(str(c.get('id')))}'"
        comm = {k: c.get(k) for k in ("id", "src", "dst", "size")}
        if None in comm.values():
            raise InputError(f"{what}: needs id, src, dst and size")
        if quantity(c.get("start", "0"), _TIME, f"{what}: start", zero=True) != 0:
            raise InputError(f"{what}: start times are not supported by the validation (all comms start together)")
        if not re.fullmatch(r"[^\s,]{1,63}", comm["id"]):
            raise InputError(f"{what}: id (accepted: 1 to 63 characters, no blank or comma)")
        if comm["id"] in ids:
            raise InputError(f"{what}: the id is given twice (accepted: one comm per id)")
        ids.add(comm["id"])
        if comm["src"] == comm["dst"]:
            raise InputError(f"{what}: src and dst are both '{shown(comm['src'])}' (accepted: two hosts)")
        comm["bytes"] = quantity(comm["size"], _SIZE, f"{what}: size")
        if comm["bytes"] != int(comm["bytes"]):
            raise InputError(f"{what}: size: '{comm['size']}' is {comm['bytes']:g} bytes (accepted: a whole "
                             "number of bytes)")
        if comm["bytes"] > _MAX_BENCH_BYTES:
            raise InputError(f"{what}: size: '{comm['size']}' is {comm['bytes']:g} bytes (accepted: up to "
                             f"{_MAX_BENCH_BYTES}, the most the benchmark sends)")
        comm["size"] = str(int(comm["bytes"]))  # the benchmark's graph file: plain bytes
        if ds.expect_mbps is not None:
            # (a comm's own measured time was silently replaced by the rate's;
            # a tiny rate, expect-mbps=1e-310, made it inf: E_rel nan)
            if c.get("measured") is not None:
                raise InputError(f"{what}: has measured= but {ds.where} gives expect-mbps= (accepted: one of them)")
            comm["measured"] = comm["bytes"] / (ds.expect_mbps * 1e6 / 8)
            if not sys.float_info.min <= comm["measured"] <= _MAX:
                raise InputError(f"{ds.where}: expect-mbps={ds.expect_mbps:g}: comm '{shown(comm['id'])}' would take "
                                 f"{comm['measured']:g} s (accepted: a rate giving each comm a time up to 2^62 s)")
        elif c.get("measured") is None:
            raise InputError(f"{what}: no measured time (give measured= or expect-mbps= in {ds.where})")
        else:
            comm["measured"] = quantity(c.get("measured"), _TIME, f"{what}: measured")
        ds.comms.append(comm)
    if not ds.comms:
        raise InputError(f"{ds.path}: no comm")
    if ds.paper_predicted is not None and len(ds.paper_predicted) != len(ds.comms):
        raise InputError(f"{ds.where}: paper-predicted has {len(ds.paper_predicted)} times for "
                         f"{len(ds.comms)} comms")


class Platform:
    """What the validation needs of a platform: host groups (one per cluster
    zone, in file order), the node link's bandwidth and latency, and the
    generator options recorded in the header."""

    def __init__(self, path):
        self.path = path
        text = read_text(path, "the platform")
        try:
            root = ET.fromstring(text)
        except ET.ParseError as e:
            raise InputError(f"{path}:{e.position[0]}: not well-formed XML (accepted: a SimGrid platform)")
        m = re.search(r"long option key\):\n +([^\n]*)", text)
        self.gen_options = [tuple(p.split("=", 1)) for p in m.group(1).split()] if m else None
        # (a word without '=' ended in a ValueError traceback of dict())
        bad = next((p for p in m.group(1).split() if not re.fullmatch(r"[a-z][a-z-]*=\S+", p)), None) if m else None
        if bad is not None:
            line = text[:m.start(1)].count("\n") + 1
            raise InputError(f"{path}:{line}: generator option '{shown(bad)}' in the header is not KEY=VALUE "
                             f"(accepted: the header contention-platform-gen writes)")
        # The platform style: how the node links share (generator's --sharing).
        self.style = dict(self.gen_options or []).get("sharing", "splitduplex")
        self.groups, self.bw, self.lat = [], None, None
        for cl in root.iter("cluster"):
            m = re.fullmatch(r"\s*([0-9]{1,6})-([0-9]{1,6})\s*", cl.get("radical") or "")
            if not m or int(m.group(1)) > int(m.group(2)):
                raise InputError(f"{path}: cluster '{cl.get('id')}': radical '{cl.get('radical')}' "
                                 "(accepted: FIRST-LAST, integers with FIRST <= LAST)")
            lo, hi = int(m.group(1)), int(m.group(2))
            self.groups.append([f"{cl.get('prefix')}{i}{cl.get('suffix', '')}" for i in range(lo, hi + 1)])
            self._node_link(cl.get("bw"), cl.get("lat", "0s"))
        if not self.groups:
            hosts = [h.get("id") for h in root.iter("host")]
            links = list(root.iter("link"))
            if not hosts or not links:
                raise InputError(f"{path}: neither a <cluster> nor hosts with links")
            self.groups.append(hosts)
            self._node_link(links[0].get("bandwidth"), links[0].get("latency", "0s"))

    def _node_link(self, bw, lat):
        bw = quantity(bw, _BW, f"{self.path}: node bandwidth")
        lat = quantity(lat, _TIME, f"{self.path}: node latency", zero=True)
        if self.bw is not None and (bw != self.bw or lat != self.lat):
            raise InputError(f"{self.path}: clusters with different node links are not supported")
        self.bw, self.lat = bw, lat

    def place(self, ds):
        """Maps the dataset's hosts to platform hosts: racks (in order of first
        appearance) to host groups, hosts without a rack to the first group,
        hosts to the group's hosts in order of first appearance."""
        racks, used, mapping = {}, [0] * len(self.groups), {}
        for c in ds.comms:
            for h in (c["src"], c["dst"]):
                if h in mapping:
                    continue
                rack = ds.racks.get(h)
                g = racks.setdefault(rack, len(racks)) if rack is not None else 0
                if g >= len(self.groups) or used[g] >= len(self.groups[g]):
                    raise InputError(f"{ds.where}: {ds.path} needs more hosts or racks than {self.path} has")
                mapping[h] = self.groups[g][used[g]]
                used[g] += 1
        return mapping
