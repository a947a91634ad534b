module schema-from-source

go 1.23
