// Command schema-from-source reads the schemas of resource types from a Terraform provider's Go
// source, for a provider that does not build here: it finds each type's entry in the provider's
// resource map, the function that builds the resource, and the helper/schema literals in it, and
// lowers them the way terraform-plugin-sdk does for Terraform (helper/schema/core_schema.go,
// CoreConfigSchema, in v1.17.2 and v2.40.1 alike), printing the JSON `providers schema -json`
// gives for them (a map from resource type to {version, block}).
//
//	go run . <provider source dir, or its .tar.gz> <resource type>...
//
// It reads literals only. A value that decides the schema's shape (Type, Optional, Required,
// Computed, Elem, MinItems, MaxItems, ConfigMode, Sensitive) and is not a literal, a constant of
// helper/schema or a call of a function whose body returns one is an error naming its position:
// the reader never guesses. Descriptions are read when they are string literals (or sums of them).
// test/repo/provider-schemas.test.ts holds the reader to the binaries of the providers that build.
package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// The JSON of `providers schema -json` (Terraform's internal/command/jsonprovider).
type block struct {
	Attributes      map[string]*attribute `json:"attributes,omitempty"`
	BlockTypes      map[string]*blockType `json:"block_types,omitempty"`
	Description     string                `json:"description,omitempty"`
	DescriptionKind string                `json:"description_kind,omitempty"`
	Deprecated      bool                  `json:"deprecated,omitempty"`
}

type blockType struct {
	NestingMode string `json:"nesting_mode,omitempty"`
	Block       *block `json:"block,omitempty"`
	MinItems    int    `json:"min_items,omitempty"`
	MaxItems    int    `json:"max_items,omitempty"`
}

type attribute struct {
	Type            any    `json:"type,omitempty"`
	Description     string `json:"description,omitempty"`
	DescriptionKind string `json:"description_kind,omitempty"`
	Deprecated      bool   `json:"deprecated,omitempty"`
	Required        bool   `json:"required,omitempty"`
	Optional        bool   `json:"optional,omitempty"`
	Computed        bool   `json:"computed,omitempty"`
	Sensitive       bool   `json:"sensitive,omitempty"`
}

type resourceSchema struct {
	Version int    `json:"version"`
	Block   *block `json:"block"`
}

// sdkSchema is a helper/schema.Schema as read: what decides the lowered schema.
type sdkSchema struct {
	Type        string // TypeString, TypeList, ...
	Optional    bool
	Required    bool
	Computed    bool
	Sensitive   bool
	DefaultFunc bool
	Deprecated  bool
	Description string
	ConfigMode  string // "", SchemaConfigModeAttr, SchemaConfigModeBlock
	MinItems    int
	MaxItems    int
	ElemSchema  *sdkSchema   // Elem: &schema.Schema{...} or a ValueType
	ElemRes     *sdkResource // Elem: &schema.Resource{...}
}

// sdkResource is a helper/schema.Resource as read.
type sdkResource struct {
	Schema        map[string]*sdkSchema
	SchemaVersion int
	Description   string
	Deprecated    bool
	Timeouts      []string // the timeouts set: create, read, update, delete, default
}

type reader struct {
	module  string            // the module path
	sources map[string][]byte // the module's non-test Go files by slash path from its root
	dirs    map[string][]string
	fset    *token.FileSet
	parsed  map[string]*ast.File // by path
}

func fail(pos token.Pos, r *reader, format string, args ...any) {
	fmt.Fprintf(os.Stderr, "schema-from-source: %s: %s\n", r.fset.Position(pos), fmt.Sprintf(format, args...))
	os.Exit(1)
}

func die(err error) {
	fmt.Fprintf(os.Stderr, "schema-from-source: %v\n", err)
	os.Exit(1)
}

// load reads the module's go.mod and non-test Go files from a directory, or from a .tar.gz whose
// entries lie under one top directory (the source archives of ../shared/providers), into memory.
func load(src string) *reader {
	r := &reader{sources: map[string][]byte{}, dirs: map[string][]string{}, fset: token.NewFileSet(), parsed: map[string]*ast.File{}}
	keep := func(name string, read func() ([]byte, error)) {
		if name != "go.mod" && (!strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go")) {
			return
		}
		b, err := read()
		if err != nil {
			die(err)
		}
		r.sources[name] = b
		if name != "go.mod" {
			r.dirs[path.Dir(name)] = append(r.dirs[path.Dir(name)], name)
		}
	}
	if strings.HasSuffix(src, ".tar.gz") {
		f, err := os.Open(src)
		if err != nil {
			die(err)
		}
		defer f.Close()
		gz, err := gzip.NewReader(f)
		if err != nil {
			die(err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				die(err)
			}
			if parts := strings.SplitN(h.Name, "/", 2); h.Typeflag == tar.TypeReg && len(parts) == 2 {
				keep(parts[1], func() ([]byte, error) { return io.ReadAll(tr) })
			}
		}
	} else {
		err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			keep(filepath.ToSlash(rel), func() ([]byte, error) { return os.ReadFile(p) })
			return nil
		})
		if err != nil {
			die(err)
		}
	}
	mod, ok := r.sources["go.mod"]
	if !ok {
		die(fmt.Errorf("%s has no go.mod", src))
	}
	r.module = strings.TrimSpace(strings.TrimPrefix(strings.SplitN(string(mod), "\n", 2)[0], "module"))
	for _, names := range r.dirs {
		sort.Strings(names)
	}
	return r
}

// file parses a source file once.
func (r *reader) file(name string) *ast.File {
	if f, ok := r.parsed[name]; ok {
		return f
	}
	f, err := parser.ParseFile(r.fset, name, r.sources[name], parser.SkipObjectResolution)
	if err != nil {
		die(err)
	}
	r.parsed[name] = f
	return f
}

// fileOf is the parsed file holding pos, and its package directory.
func (r *reader) fileOf(pos token.Pos) (*ast.File, string) {
	name := r.fset.Position(pos).Filename
	return r.file(name), path.Dir(name)
}

// funcDecl finds the function a call names: `f()` in the caller's package, `pkg.F()` in the
// module's package that the caller's file imports as pkg.
func (r *reader) funcDecl(call *ast.CallExpr) (*ast.FuncDecl, bool) {
	file, dir := r.fileOf(call.Pos())
	var name string
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		name = fn.Name
	case *ast.SelectorExpr:
		pkg, ok := fn.X.(*ast.Ident)
		if !ok {
			return nil, false
		}
		name = fn.Sel.Name
		dir = ""
		for _, imp := range file.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			local := path.Base(ip)
			if imp.Name != nil {
				local = imp.Name.Name
			}
			if local == pkg.Name && strings.HasPrefix(ip, r.module+"/") {
				dir = strings.TrimPrefix(ip, r.module+"/")
			}
		}
		if dir == "" {
			return nil, false
		}
	default:
		return nil, false
	}
	needle := []byte("func " + name + "(")
	for _, n := range r.dirs[dir] {
		if !bytes.Contains(r.sources[n], needle) {
			continue
		}
		for _, d := range r.file(n).Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == name {
				return fd, true
			}
		}
	}
	return nil, false
}

// returned is the composite literal a function returns (`return &T{...}`).
func (r *reader) returned(fd *ast.FuncDecl) *ast.CompositeLit {
	var lit *ast.CompositeLit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
			if c := composite(ret.Results[0]); c != nil {
				if lit != nil && lit != c {
					fail(ret.Pos(), r, "%s returns more than one literal", fd.Name.Name)
				}
				lit = c
			}
		}
		return true
	})
	if lit == nil {
		fail(fd.Pos(), r, "%s does not return a literal", fd.Name.Name)
	}
	return lit
}

func composite(e ast.Expr) *ast.CompositeLit {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	c, _ := e.(*ast.CompositeLit)
	return c
}

// literal is the composite literal e is, or that the function e calls returns.
func (r *reader) literal(e ast.Expr, what string) *ast.CompositeLit {
	if c := composite(e); c != nil {
		return c
	}
	// A call's arguments can only reach the literal's fields as identifiers, which the readers of
	// the fields that decide the shape refuse (a description built from them is left out).
	if call, ok := e.(*ast.CallExpr); ok {
		if fd, ok := r.funcDecl(call); ok {
			return r.returned(fd)
		}
	}
	fail(e.Pos(), r, "%s is not a literal nor a call of a function of the module that returns one", what)
	return nil
}

// schemaConst is the name of a helper/schema constant (schema.TypeString -> TypeString).
func schemaConst(e ast.Expr) (string, bool) {
	if s, ok := e.(*ast.SelectorExpr); ok {
		if x, ok := s.X.(*ast.Ident); ok && x.Name == "schema" {
			return s.Sel.Name, true
		}
	}
	return "", false
}

func (r *reader) boolean(e ast.Expr) bool {
	if id, ok := e.(*ast.Ident); ok && (id.Name == "true" || id.Name == "false") {
		return id.Name == "true"
	}
	fail(e.Pos(), r, "not a boolean literal")
	return false
}

func (r *reader) integer(e ast.Expr) int {
	if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.INT {
		n, err := strconv.Atoi(b.Value)
		if err == nil {
			return n
		}
	}
	fail(e.Pos(), r, "not an integer literal")
	return 0
}

// text is the value of a string literal or a sum of them; ok is false for anything else.
func text(e ast.Expr) (string, bool) {
	switch v := e.(type) {
	case *ast.BasicLit:
		if v.Kind == token.STRING {
			s, err := strconv.Unquote(v.Value)
			return s, err == nil
		}
	case *ast.BinaryExpr:
		if v.Op == token.ADD {
			a, ok1 := text(v.X)
			b, ok2 := text(v.Y)
			return a + b, ok1 && ok2
		}
	case *ast.ParenExpr:
		return text(v.X)
	}
	return "", false
}

func (r *reader) schema(lit *ast.CompositeLit) *sdkSchema {
	s := &sdkSchema{}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			fail(el.Pos(), r, "a schema field without a key")
		}
		key := kv.Key.(*ast.Ident).Name
		switch key {
		case "Type":
			t, ok := schemaConst(kv.Value)
			if !ok {
				fail(kv.Value.Pos(), r, "Type is not a helper/schema constant")
			}
			s.Type = t
		case "Optional":
			s.Optional = r.boolean(kv.Value)
		case "Required":
			s.Required = r.boolean(kv.Value)
		case "Computed":
			s.Computed = r.boolean(kv.Value)
		case "Sensitive":
			s.Sensitive = r.boolean(kv.Value)
		case "MinItems":
			s.MinItems = r.integer(kv.Value)
		case "MaxItems":
			s.MaxItems = r.integer(kv.Value)
		case "DefaultFunc":
			s.DefaultFunc = true
		case "Deprecated":
			msg, ok := text(kv.Value)
			s.Deprecated = !ok || msg != ""
		case "Description":
			s.Description, _ = text(kv.Value)
		case "ConfigMode":
			m, ok := schemaConst(kv.Value)
			if !ok {
				fail(kv.Value.Pos(), r, "ConfigMode is not a helper/schema constant")
			}
			s.ConfigMode = m
		case "Elem":
			if t, ok := schemaConst(kv.Value); ok {
				s.ElemSchema = &sdkSchema{Type: t}
				continue
			}
			c := r.literal(kv.Value, "Elem")
			switch typeName(c) {
			case "Schema":
				s.ElemSchema = r.schema(c)
			case "Resource":
				s.ElemRes = r.resource(c)
			default:
				fail(c.Pos(), r, "Elem is neither a schema.Schema nor a schema.Resource")
			}
		}
	}
	if s.Required && s.DefaultFunc {
		// core_schema.go makes such an attribute optional when its DefaultFunc gives a value,
		// which depends on the environment: not read from source.
		fail(lit.Pos(), r, "Required with a DefaultFunc: whether it is required depends on the DefaultFunc")
	}
	return s
}

func typeName(c *ast.CompositeLit) string {
	if s, ok := c.Type.(*ast.SelectorExpr); ok {
		return s.Sel.Name
	}
	return ""
}

func (r *reader) resource(lit *ast.CompositeLit) *sdkResource {
	res := &sdkResource{Schema: map[string]*sdkSchema{}}
	for _, el := range lit.Elts {
		kv := el.(*ast.KeyValueExpr)
		switch kv.Key.(*ast.Ident).Name {
		case "Schema":
			m := r.literal(kv.Value, "Schema")
			for _, e := range m.Elts {
				f := e.(*ast.KeyValueExpr)
				name, ok := text(f.Key)
				if !ok {
					fail(f.Key.Pos(), r, "a schema key that is not a string literal")
				}
				res.Schema[name] = r.schema(r.literal(f.Value, "the schema of "+name))
			}
		case "SchemaFunc":
			fail(kv.Pos(), r, "SchemaFunc is not read")
		case "SchemaVersion":
			res.SchemaVersion = r.integer(kv.Value)
		case "Description":
			res.Description, _ = text(kv.Value)
		case "DeprecationMessage":
			msg, ok := text(kv.Value)
			res.Deprecated = !ok || msg != ""
		case "Timeouts":
			for _, t := range r.literal(kv.Value, "Timeouts").Elts {
				res.Timeouts = append(res.Timeouts, strings.ToLower(t.(*ast.KeyValueExpr).Key.(*ast.Ident).Name))
			}
		}
	}
	return res
}

// The lowering of core_schema.go.

func ctyType(s *sdkSchema) any {
	switch s.Type {
	case "TypeString":
		return "string"
	case "TypeBool":
		return "bool"
	case "TypeInt", "TypeFloat":
		return "number"
	case "TypeList", "TypeSet", "TypeMap":
		var elem any = "string"
		if s.ElemSchema != nil {
			elem = ctyType(s.ElemSchema)
		} else if s.ElemRes != nil {
			elem = impliedType(lowerMap(s.ElemRes.Schema))
		}
		return []any{strings.ToLower(strings.TrimPrefix(s.Type, "Type")), elem}
	}
	panic("schema-from-source: unknown type " + s.Type)
}

// impliedType is the object type of a block (configschema.Block.ImpliedType).
func impliedType(b *block) any {
	attrs := map[string]any{}
	for n, a := range b.Attributes {
		attrs[n] = a.Type
	}
	for n, bt := range b.BlockTypes {
		o := impliedType(bt.Block)
		switch bt.NestingMode {
		case "single", "group":
			attrs[n] = o
		default:
			attrs[n] = []any{bt.NestingMode, o}
		}
	}
	return []any{"object", attrs}
}

// plain is the description kind helper/schema gives every description (DescriptionKind, StringPlain by default).
func plain(string) string { return "plain" }

func lowerAttribute(s *sdkSchema) *attribute {
	return &attribute{
		Type: ctyType(s), Optional: s.Optional, Required: s.Required, Computed: s.Computed, Sensitive: s.Sensitive,
		Description: s.Description, DescriptionKind: plain(s.Description), Deprecated: s.Deprecated,
	}
}

func lowerBlock(s *sdkSchema) *blockType {
	b := lowerMap(s.ElemRes.Schema)
	b.Description, b.DescriptionKind, b.Deprecated = s.Description, plain(s.Description), s.Deprecated
	bt := &blockType{Block: b, NestingMode: strings.ToLower(strings.TrimPrefix(s.Type, "Type")), MinItems: s.MinItems, MaxItems: s.MaxItems}
	if s.Required && s.MinItems == 0 {
		bt.MinItems = 1
	}
	if s.Optional && s.MinItems > 0 {
		bt.MinItems = 0
	}
	if s.Computed && !s.Optional {
		bt.MinItems, bt.MaxItems = 0, 0
	}
	return bt
}

func lowerMap(m map[string]*sdkSchema) *block {
	b := &block{}
	if len(m) == 0 {
		return b
	}
	b.Attributes, b.BlockTypes = map[string]*attribute{}, map[string]*blockType{}
	for name, s := range m {
		switch {
		case s.ElemSchema == nil && s.ElemRes == nil:
			b.Attributes[name] = lowerAttribute(s)
		case s.Type == "TypeMap" && s.ElemRes != nil:
			c := *s
			c.ElemRes, c.ElemSchema = nil, &sdkSchema{Type: "TypeString"}
			b.Attributes[name] = lowerAttribute(&c)
		case s.ConfigMode == "SchemaConfigModeAttr":
			b.Attributes[name] = lowerAttribute(s)
		case s.ConfigMode == "SchemaConfigModeBlock":
			b.BlockTypes[name] = lowerBlock(s)
		case s.Computed && !s.Optional:
			b.Attributes[name] = lowerAttribute(s)
		case s.ElemSchema != nil:
			b.Attributes[name] = lowerAttribute(s)
		default:
			b.BlockTypes[name] = lowerBlock(s)
		}
	}
	return b
}

// lowerResource is Resource.CoreConfigSchema: the block, its `id` and its `timeouts`.
func lowerResource(res *sdkResource) *resourceSchema {
	b := lowerMap(res.Schema)
	b.Description, b.DescriptionKind, b.Deprecated = res.Description, "plain", res.Deprecated
	if b.Attributes == nil {
		b.Attributes = map[string]*attribute{}
	}
	if b.Attributes["id"] == nil {
		b.Attributes["id"] = &attribute{Type: "string", Optional: true, Computed: true, DescriptionKind: "plain"}
	}
	_, ta := b.Attributes["timeouts"]
	_, tb := b.BlockTypes["timeouts"]
	if len(res.Timeouts) > 0 && !ta && !tb {
		t := &block{Attributes: map[string]*attribute{}, DescriptionKind: "plain"}
		for _, name := range res.Timeouts {
			t.Attributes[name] = &attribute{Type: "string", Optional: true, DescriptionKind: "plain"}
		}
		if b.BlockTypes == nil {
			b.BlockTypes = map[string]*blockType{}
		}
		b.BlockTypes["timeouts"] = &blockType{NestingMode: "single", Block: t}
	}
	return &resourceSchema{Version: res.SchemaVersion, Block: b}
}

// entry finds the call that builds the resource: `"<type>": f()` in the provider's resource map,
// or a registration literal naming the type as a resource (the Google provider's registry.Schema).
func (r *reader) entry(typ string) *ast.CallExpr {
	var found *ast.CallExpr
	needle := []byte(strconv.Quote(typ))
	names := make([]string, 0, len(r.sources))
	for n := range r.sources {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		if found != nil || name == "go.mod" || !bytes.Contains(r.sources[name], needle) {
			continue
		}
		ast.Inspect(r.file(name), func(n ast.Node) bool {
			switch v := n.(type) {
			case *ast.KeyValueExpr: // a resource map: "<type>": f(),
				if k, ok := text(v.Key); ok && k == typ {
					if call, ok := v.Value.(*ast.CallExpr); ok {
						found = call
					}
				}
			case *ast.CompositeLit: // a registration: {Name: "<type>", Type: ...Resource, Schema: f()}
				fields := map[string]ast.Expr{}
				for _, el := range v.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							fields[id.Name] = kv.Value
						}
					}
				}
				name, _ := text(fields["Name"])
				kind, _ := fields["Type"].(*ast.SelectorExpr)
				if call, ok := fields["Schema"].(*ast.CallExpr); ok && name == typ && kind != nil && strings.HasSuffix(kind.Sel.Name, "Resource") {
					found = call
				}
			}
			return found == nil
		})
	}
	if found == nil {
		die(fmt.Errorf("no %q entry in the provider's source", typ))
	}
	return found
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: schema-from-source <provider source dir or .tar.gz> <resource type>...")
		os.Exit(2)
	}
	r := load(os.Args[1])
	types := os.Args[2:]
	sort.Strings(types)
	out := map[string]*resourceSchema{}
	for _, typ := range types {
		call := r.entry(typ)
		fd, ok := r.funcDecl(call)
		if !ok {
			fail(call.Pos(), r, "cannot find the function that builds %s", typ)
		}
		out[typ] = lowerResource(r.resource(r.returned(fd)))
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(out); err != nil {
		die(err)
	}
}
