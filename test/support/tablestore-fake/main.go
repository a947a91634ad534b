// Command tablestore-fake is the TableStore of the run-time judges (test support): the four
// actions the Terraform/OpenTofu oss backend calls for its state lock (DescribeTable, PutRow,
// GetRow, DeleteRow) with the three row conditions, on in-memory tables the test creates.
//
//	tablestore-fake -log <log.jsonl> -listen https://127.0.0.1:443 -cert c.pem -key k.pem -listen http://127.0.0.1:80
//
// The wire is the SDK's: `POST /<Action>` with a protobuf body of the SDK's own otsprotocol
// messages, rows in PlainBuffer (read here with every checksum verified, written by the SDK's
// PutRowChange.Serialize), errors as an otsprotocol.Error with the status, code and message the
// service documents. Requests must carry the x-ots-* headers and the body's MD5; the signature is
// checked for the access keys given in TABLESTORE_FAKE_KEYS (`<id>:<secret>[,...]`), and a key id
// it does not know is refused then. Tables belong to an instance, named by the
// x-ots-instancename header, whose case does not matter (as the service's instance names); a
// request naming another instance is refused ("The instance is not found.").
//
// Control API (JSON, for the tests, on the same listeners): POST /_fake/tables
// {"instance","table","primaryKey":[{"name","type"}]} creates a table (refusing instance and table
// names the service's naming conventions forbid); GET /_fake/rows?instance=&table= lists its rows;
// POST /_fake/rows {"instance","table","primaryKey":{name:value},"columns":{name:value}} writes a
// row of string cells, as an operator does in the console (replacing the row). Every request is logged as one JSON line; the
// first line is {"ready":true}.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aliyun/aliyun-tablestore-go-sdk/tablestore/otsprotocol"
	"github.com/golang/protobuf/proto"
)

// The service's naming conventions (Alibaba Cloud, "Naming conventions and data types" and
// "Tablestore limits"): table names are 1 to 255 letters, digits and underscores, starting with a
// letter or an underscore; instance names 3 to 16 letters, digits and hyphens, starting with a
// letter and not ending with a hyphen, compared without case.
var (
	tableName    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,254}$`)
	instanceName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9-]{1,14}[A-Za-z0-9]$`)
)

// instanceKey is how the fake files an instance: its name in lower case.
func instanceKey(name string) string { return strings.ToLower(name) }

type server struct {
	mu        sync.Mutex
	instances map[string]map[string]*table
	keys      map[string]string
	logMu     sync.Mutex
	log       *os.File
	n         int
}

// logEntry is one request as the log shows it.
type logEntry struct {
	N             int            `json:"n"`
	TLS           bool           `json:"tls"`
	Host          string         `json:"host"`
	Action        string         `json:"action"`
	Instance      string         `json:"instance"`
	AccessKeyID   string         `json:"accessKeyId"`
	SecurityToken bool           `json:"securityToken"`
	Signature     string         `json:"signature,omitempty"`
	Table         string         `json:"table,omitempty"`
	PrimaryKey    map[string]any `json:"primaryKey,omitempty"`
	Condition     string         `json:"condition,omitempty"`
	Columns       map[string]any `json:"columns,omitempty"`
	ColumnsToGet  []string       `json:"columnsToGet,omitempty"`
	Found         *bool          `json:"found,omitempty"`
	Status        int            `json:"status"`
	Code          string         `json:"code,omitempty"`
	Message       string         `json:"message,omitempty"`
}

func (s *server) write(v any) {
	line, _ := json.Marshal(v)
	s.logMu.Lock()
	defer s.logMu.Unlock()
	_, _ = s.log.Write(append(line, '\n'))
}

func (s *server) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if strings.HasPrefix(req.URL.Path, "/_fake/") {
		s.control(w, req)
		return
	}
	body, _ := io.ReadAll(req.Body)
	s.logMu.Lock()
	s.n++
	entry := &logEntry{N: s.n}
	s.logMu.Unlock()
	entry.TLS, entry.Host = req.TLS != nil, req.Host
	entry.Action = strings.TrimPrefix(req.URL.Path, "/")
	entry.Instance = req.Header.Get("x-ots-instancename")
	entry.AccessKeyID = req.Header.Get("x-ots-accesskeyid")
	entry.SecurityToken = req.Header.Get("x-ots-ststoken") != ""

	answer, e := proto.Message(nil), s.checkRequest(req, body, entry)
	if e == nil {
		answer, e = s.act(entry.Action, entry.Instance, body, entry)
	}
	var out []byte
	if e == nil {
		var err error
		if out, err = proto.Marshal(answer); err != nil {
			e = fail(500, "OTSInternalServerError", "the fake could not encode its answer: %s", err)
		}
	}
	if e != nil {
		out, _ = proto.Marshal(&otsprotocol.Error{Code: proto.String(e.code), Message: proto.String(e.message)})
		entry.Status, entry.Code, entry.Message = e.status, e.code, e.message
	} else {
		entry.Status = 200
	}
	w.Header().Set("x-ots-requestid", fmt.Sprintf("fake-%06d", entry.N))
	w.Header().Set("x-ots-contenttype", "protocol buffer")
	w.WriteHeader(entry.Status)
	_, _ = w.Write(out)
	s.write(entry)
}

func (s *server) control(w http.ResponseWriter, req *http.Request) {
	reply := func(status int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(v)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case req.URL.Path == "/_fake/health":
		reply(200, map[string]bool{"ok": true})
	case req.URL.Path == "/_fake/tables" && req.Method == http.MethodPost:
		var spec struct {
			Instance   string      `json:"instance"`
			Table      string      `json:"table"`
			PrimaryKey []keyColumn `json:"primaryKey"`
		}
		if err := json.NewDecoder(req.Body).Decode(&spec); err != nil || spec.Instance == "" || spec.Table == "" || len(spec.PrimaryKey) == 0 {
			reply(400, map[string]string{"error": "expected {instance, table, primaryKey: [{name, type}]}"})
			return
		}
		if !instanceName.MatchString(spec.Instance) {
			reply(400, map[string]string{"error": "instance name " + spec.Instance + ", expected 3 to 16 letters, digits and hyphens, starting with a letter, not ending with a hyphen"})
			return
		}
		if !tableName.MatchString(spec.Table) {
			reply(400, map[string]string{"error": "table name " + spec.Table + ", expected 1 to 255 letters, digits and underscores, starting with a letter or an underscore"})
			return
		}
		for _, k := range spec.PrimaryKey {
			if _, ok := otsprotocol.PrimaryKeyType_value[k.Type]; !ok {
				reply(400, map[string]string{"error": "primary key type " + k.Type + ", expected STRING, INTEGER or BINARY"})
				return
			}
		}
		instance := instanceKey(spec.Instance)
		if s.instances[instance] == nil {
			s.instances[instance] = map[string]*table{}
		}
		if s.instances[instance][spec.Table] != nil {
			reply(409, map[string]string{"error": "table exists"})
			return
		}
		s.instances[instance][spec.Table] = &table{name: spec.Table, key: spec.PrimaryKey, created: time.Now().Unix(), rows: map[string]*row{}}
		reply(200, map[string]bool{"created": true})
	case req.URL.Path == "/_fake/rows" && req.Method == http.MethodPost:
		var spec struct {
			Instance   string            `json:"instance"`
			Table      string            `json:"table"`
			PrimaryKey map[string]string `json:"primaryKey"`
			Columns    map[string]string `json:"columns"`
		}
		if err := json.NewDecoder(req.Body).Decode(&spec); err != nil {
			reply(400, map[string]string{"error": "expected {instance, table, primaryKey: {name: value}, columns: {name: value}}"})
			return
		}
		t := s.instances[instanceKey(spec.Instance)][spec.Table]
		if t == nil {
			reply(404, map[string]string{"error": "no such table"})
			return
		}
		r := row{}
		for _, k := range t.key {
			r.pk = append(r.pk, cell{name: k.Name, value: spec.PrimaryKey[k.Name]})
		}
		names := make([]string, 0, len(spec.Columns))
		for name := range spec.Columns {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			r.columns = append(r.columns, cell{name: name, value: spec.Columns[name]})
		}
		id, e := t.rowID(r.pk)
		if e != nil {
			reply(400, map[string]string{"error": e.Error()})
			return
		}
		t.rows[id] = &r
		reply(200, map[string]bool{"written": true})
	case req.URL.Path == "/_fake/rows" && req.Method == http.MethodGet:
		t := s.instances[instanceKey(req.URL.Query().Get("instance"))][req.URL.Query().Get("table")]
		if t == nil {
			reply(404, map[string]string{"error": "no such table"})
			return
		}
		reply(200, t.dump())
	default:
		reply(404, map[string]string{"error": "unknown control path"})
	}
}

type listenFlags []string

func (l *listenFlags) String() string     { return strings.Join(*l, ",") }
func (l *listenFlags) Set(v string) error { *l = append(*l, v); return nil }

func main() {
	var listen listenFlags
	flag.Var(&listen, "listen", "http://host:port or https://host:port (repeatable)")
	cert := flag.String("cert", "", "TLS certificate (PEM) for https listeners")
	key := flag.String("key", "", "TLS key (PEM) for https listeners")
	logFile := flag.String("log", "", "the JSON-lines request log")
	flag.Parse()
	if len(listen) == 0 || *logFile == "" {
		fmt.Fprintln(os.Stderr, "usage: tablestore-fake -log <file> -listen http://127.0.0.1:8080 [-listen https://127.0.0.1:443 -cert c.pem -key k.pem]")
		os.Exit(2)
	}
	f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	s := &server{instances: map[string]map[string]*table{}, keys: map[string]string{}, log: f}
	for _, pair := range strings.Split(os.Getenv("TABLESTORE_FAKE_KEYS"), ",") {
		if id, secret, ok := strings.Cut(pair, ":"); ok {
			s.keys[id] = secret
		}
	}
	errs := make(chan error, len(listen))
	for _, l := range listen {
		scheme, addr, ok := strings.Cut(l, "://")
		srv := &http.Server{Addr: addr, Handler: s}
		switch {
		case ok && scheme == "http":
			go func() { errs <- srv.ListenAndServe() }()
		case ok && scheme == "https" && *cert != "" && *key != "":
			go func() { errs <- srv.ListenAndServeTLS(*cert, *key) }()
		default:
			fmt.Fprintf(os.Stderr, "-listen %s: expected http://host:port, or https://host:port with -cert and -key\n", l)
			os.Exit(2)
		}
	}
	select {
	case err := <-errs:
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	case <-time.After(300 * time.Millisecond):
	}
	s.write(map[string]bool{"ready": true})
	fmt.Fprintln(os.Stderr, <-errs)
	os.Exit(1)
}
